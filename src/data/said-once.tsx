import { createContext, type ReactNode, useContext, useEffect, useId, useState } from 'react';

/** Which widget of the page says each sentence: by the sentence's key, the id of the widget saying it. */
type Speakers = Map<string, string>;

const SaidOnceContext = createContext<Speakers | undefined>(undefined);

/**
 * Given by the page renderer around a page's rows: a hint that holds for the
 * whole page (none of its data points is on a place tagged "fiscal") is said
 * by the first widget that would say it, not by each of the six.
 */
export function SaidOnceProvider({ children }: { children: ReactNode }) {
  const [speakers] = useState<Speakers>(() => new Map());
  return <SaidOnceContext value={speakers}>{children}</SaidOnceContext>;
}

/**
 * `says(key)`: whether this widget is the one on its page to say the
 * sentence of that key, the first to ask keeping it until it goes. Outside a
 * page (a gallery story, a widget's own test) every widget says it.
 */
export function useSaidOnce(): (key: string) => boolean {
  const speakers = useContext(SaidOnceContext);
  const id = useId();
  // What this widget said goes with it, so a widget drawn later may say it.
  useEffect(
    () => () => {
      if (!speakers) return;
      for (const [key, speaker] of speakers) if (speaker === id) speakers.delete(key);
    },
    [speakers, id],
  );
  return (key) => {
    if (!speakers) return true;
    const speaker = speakers.get(key);
    if (speaker === undefined) speakers.set(key, id);
    return (speaker ?? id) === id;
  };
}
