/** How often the same problem with the same topic is logged: a device sending every second must not flood the log. */
export const LOG_EVERY_MS = 60_000;
const MAX_KEYS = 10_000;

/** Logs a line once per key per minute, saying how many were held back in between. */
export class ThrottledLog {
  private readonly seen = new Map<string, { at: number; held: number }>();

  constructor(
    private readonly log: (line: string) => void,
    private readonly everyMs = LOG_EVERY_MS,
  ) {}

  line(key: string, text: string, now = Date.now()): void {
    const last = this.seen.get(key);
    if (last && now - last.at < this.everyMs) {
      last.held++;
      return;
    }
    if (this.seen.size >= MAX_KEYS) this.forgetBefore(now - this.everyMs);
    this.seen.set(key, { at: now, held: 0 });
    const held = last?.held ? ` (${last.held} more like it since the last report)` : '';
    this.log(`${text}${held}`);
  }

  private forgetBefore(time: number): void {
    for (const [key, entry] of this.seen) if (entry.at < time) this.seen.delete(key);
    if (this.seen.size >= MAX_KEYS) this.seen.clear();
  }
}

/**
 * The throttle key for a topic's problems: the same kind of problem again
 * (another value, another count) is held back, a different kind is not.
 * Quoted text and numbers are what vary between messages of one kind.
 */
export function reasonKey(topic: string, reasons: readonly string[]): string {
  const kinds = reasons.map((reason) => reason.replace(/"[^"]*"/g, '"…"').replace(/\d+(\.\d+)?/g, '#'));
  return [topic, ...kinds].join('\n');
}
