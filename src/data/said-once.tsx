import {
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * Who would say each sentence on a page: by the sentence's key, the ids of
 * the widgets that would, in the order they were drawn. The first says it.
 */
class Speakers {
  private readonly claims = new Map<string, string[]>();
  private readonly listeners = new Set<() => void>();
  private version = 0;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getVersion = () => this.version;

  first(key: string): string | undefined {
    return this.claims.get(key)?.[0];
  }

  /** Makes `id`'s claims the keys it asked for in its last drawing, in one change. */
  settle(id: string, keys: ReadonlySet<string>): void {
    let changed = false;
    for (const [key, ids] of this.claims) {
      if (keys.has(key) || !ids.includes(id)) continue;
      const left = ids.filter((other) => other !== id);
      if (left.length === 0) this.claims.delete(key);
      else this.claims.set(key, left);
      changed = true;
    }
    for (const key of keys) {
      const ids = this.claims.get(key) ?? [];
      if (ids.includes(id)) continue;
      this.claims.set(key, [...ids, id]);
      changed = true;
    }
    if (!changed) return;
    this.version++;
    for (const listener of this.listeners) listener();
  }
}

const SaidOnceContext = createContext<Speakers | undefined>(undefined);

/**
 * Given by the page renderer around a page's rows: a hint that holds for the
 * whole page (none of its data points is on a place tagged "fiscal") is said
 * by the first widget that would say it, not by each of the six.
 */
export function SaidOnceProvider({ children }: { children: ReactNode }) {
  const [speakers] = useState(() => new Speakers());
  return <SaidOnceContext value={speakers}>{children}</SaidOnceContext>;
}

const NO_SPEAKERS = { subscribe: () => () => {}, getVersion: () => 0 };

/**
 * `says(key)`: whether this widget is the one on its page to say the
 * sentence of that key: of the widgets shown that would, the first drawn.
 * A widget claims a sentence once it is on the page (in an effect), not while
 * it is drawn: a drawing React throws away, or one that waits for code or
 * words, claimed it for a widget that never came, and then no one said it.
 * Outside a page (a gallery story, a widget's own test) every widget says it.
 */
export function useSaidOnce(): (key: string) => boolean {
  const speakers = useContext(SaidOnceContext);
  const id = useId();
  const store = speakers ?? NO_SPEAKERS;
  useSyncExternalStore(store.subscribe, store.getVersion);
  // The keys this drawing asks about; the effect after it makes them this widget's claims.
  const asked = useRef(new Set<string>());
  asked.current = new Set();
  useEffect(() => {
    speakers?.settle(id, asked.current);
  });
  useEffect(() => () => speakers?.settle(id, new Set()), [speakers, id]);
  return (key) => {
    if (!speakers) return true;
    asked.current.add(key);
    return speakers.first(key) === id;
  };
}
