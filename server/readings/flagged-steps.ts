import type { PushReadingsResponse } from '../../src/generated/api-types';
import type { FoundStep } from './write-steps';

/** What a summary says of suspicious steps (shared/suspicious-steps-found.schema.json). */
export type StepsFound = NonNullable<PushReadingsResponse['suspiciousSteps']>;

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 3 });

/**
 * The suspicious steps that several writes flagged (writeReadings' `flagged`),
 * for the summary of an import or a push: how many, each once however many
 * writes flagged it, and the first in time.
 */
export class FlaggedSteps {
  private readonly seen = new Set<string>();
  private earliest: (FoundStep & { point: { id: number; name: string } }) | null = null;

  add(point: { id: number; name: string }, steps: readonly FoundStep[]): void {
    for (const step of steps) {
      const key = `${point.id} ${step.from}`;
      if (this.seen.has(key)) continue;
      this.seen.add(key);
      if (!this.earliest || step.from < this.earliest.from) this.earliest = { ...step, point };
    }
  }

  get count(): number {
    return this.seen.size;
  }

  found(): StepsFound {
    const step = this.earliest;
    return {
      count: this.count,
      first: step && {
        dataPointId: step.point.id,
        dataPointName: step.point.name,
        from: new Date(step.from).toISOString(),
        to: new Date(step.to).toISOString(),
        fromValue: step.fromValue,
        toValue: step.toValue,
        kind: step.kind,
        used: step.used,
      },
    };
  }

  /** A sentence for people, or '' when nothing was flagged. */
  sentence(): string {
    const step = this.earliest;
    if (!step) return '';
    const when = `between ${utc(step.from)} and ${utc(step.to)} UTC`;
    if (this.count === 1) {
      const booked = step.kind === 'gap' ? 'It books nothing' : 'It is booked as sent';
      return `1 step looks wrong: ${step.point.name} ${what(step)}, ${when}. ${booked} until you decide on its data point's page.`;
    }
    return `${this.count} steps look wrong; the first: ${step.point.name} ${what(step)}, ${when}. Until you decide on their data points' pages, a jump across a gap books nothing and any other step is booked as sent.`;
  }
}

/** What the register did, for the sentence. */
function what(step: FoundStep): string {
  if (step.kind === 'drop') {
    return `fell from ${number.format(step.fromValue)} to ${number.format(step.toValue)}, neither a reset nor a rollover`;
  }
  if (step.kind === 'gap') return `rose by ${number.format(step.used)} across a gap in its readings`;
  return `rose by ${number.format(step.used)}, far faster than usual`;
}

function utc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 16).replace('T', ' ');
}
