/**
 * What one server process tells the others on the same database, and hears
 * from them: which ids changed under a topic ("readings" of these points,
 * say), so that what a process keeps or streams from memory follows writes
 * made anywhere. A notice is a hint, not a record: one can be missed (a
 * process restarting, a lost connection), so a listener treats it as "look
 * again", and onMissed says when some may have been lost.
 */
export interface ProcessNotices {
  /** Tells every other process; this one hears nothing of its own. */
  tell(topic: string, ids: readonly (number | string)[]): void;
  /** Each notice of a topic from another process; returns how to stop hearing. */
  hear(topic: string, listener: (ids: (number | string)[]) => void): () => void;
  /** After a lost connection was made again: notices told meanwhile are gone. */
  onMissed(listener: () => void): () => void;
  close(): Promise<void>;
}

/** A process with nobody to tell: the embedded database (PGlite) is one process's alone. */
export const NO_OTHER_PROCESSES: ProcessNotices = {
  tell() {},
  hear: () => () => {},
  onMissed: () => () => {},
  close: async () => {},
};

/** Listeners by topic, and of missed notices: what every kind of ProcessNotices keeps alike. */
export function noticeListeners() {
  const byTopic = new Map<string, Set<(ids: (number | string)[]) => void>>();
  const missed = new Set<() => void>();
  return {
    hear(topic: string, listener: (ids: (number | string)[]) => void): () => void {
      const listeners = byTopic.get(topic) ?? new Set();
      byTopic.set(topic, listeners);
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onMissed(listener: () => void): () => void {
      missed.add(listener);
      return () => missed.delete(listener);
    },
    deliver(topic: string, ids: (number | string)[]): void {
      for (const listener of byTopic.get(topic) ?? []) safely(() => listener(ids));
    },
    missed(): void {
      for (const listener of missed) safely(listener);
    },
  };
}

/** A listener's mistake is not the connection's to fail on. */
function safely(call: () => void): void {
  try {
    call();
  } catch {
    // Told to nobody: the notice was a hint, and the listener's next one will come.
  }
}
