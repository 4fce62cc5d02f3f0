import { DAY_MS, MINUTE_MS, wallTimeMs } from './civil-time';

/** A wall time that the clocks skipped (spring forward). */
export interface SkippedWallTime {
  readonly skipped: true;
}

/** A wall time the clocks showed twice (fall back); `earlier` < `later`. */
export interface RepeatedWallTime {
  readonly earlier: number;
  readonly later: number;
}

/** A zone name that the platform's time zone database does not know; the message says what to use instead. */
export class UnknownTimeZone extends RangeError {
  constructor(readonly timeZone: string) {
    super(`"${timeZone}" is not a known time zone. Use an IANA name such as Europe/London.`);
    this.name = 'UnknownTimeZone';
  }
}

const SKIPPED: SkippedWallTime = { skipped: true };

const DIGIT_RUNS = /\d+/g;

/** The `transition` of a UTC day whose offset does not change: every instant is before it. */
const NO_TRANSITION = Number.POSITIVE_INFINITY;

/** One UTC day: the offset at its start and, if the clocks change during it, when and to what. */
interface UtcDay {
  readonly offset: number;
  readonly transition: number;
  readonly offsetAfter: number;
}

/**
 * An IANA zone's offsets, answered from caches. Intl.DateTimeFormat costs
 * microseconds per call, far too slow per row for years of quarter-hours, so
 * it is only asked about day boundaries (and bisected to the minute on the
 * few days the offset changes); every other lookup is a Map hit or, for
 * sorted input, a comparison with the previous day.
 *
 * Assumes at most one offset change per UTC day and changes on whole
 * minutes, which holds for every zone since the 1900s.
 */
export class ZoneClock {
  readonly timeZone: string;
  readonly #format: Intl.DateTimeFormat;
  readonly #boundaryOffsets = new Map<number, number>();
  readonly #utcDays = new Map<number, UtcDay>();
  /** Per wall-clock day: the one offset valid all day, or NaN when a change is near. */
  readonly #wallDayOffsets = new Map<number, number>();
  #lastWallDay = Number.NaN;
  #lastWallDayOffset = Number.NaN;

  constructor(timeZone: string) {
    this.timeZone = timeZone;
    try {
      this.#format = new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      });
    } catch {
      throw new UnknownTimeZone(timeZone);
    }
  }

  /** Offset from UTC in milliseconds (local = UTC + offset) in force at an instant. */
  offsetAt(utcMs: number): number {
    const day = this.#utcDay(Math.floor(utcMs / DAY_MS));
    return utcMs < day.transition ? day.offset : day.offsetAfter;
  }

  /** The instant(s) at which the zone's clocks showed a wall time (see civil-time.ts). */
  instantsAt(wallMs: number): number | SkippedWallTime | RepeatedWallTime {
    const wallDay = Math.floor(wallMs / DAY_MS);
    if (wallDay !== this.#lastWallDay) {
      this.#lastWallDay = wallDay;
      this.#lastWallDayOffset = this.#wallDayOffset(wallDay);
    }
    if (!Number.isNaN(this.#lastWallDayOffset)) return wallMs - this.#lastWallDayOffset;
    return this.#instantsNearTransition(wallMs, wallDay);
  }

  /**
   * Wall day d spans UTC from d − 14 h to d + 1 d + 12 h (offsets run from
   * −12 h to +14 h), inside UTC days d−1…d+1; if those share one offset, every
   * wall time of the day maps through it.
   */
  #wallDayOffset(wallDay: number): number {
    const cached = this.#wallDayOffsets.get(wallDay);
    if (cached !== undefined) return cached;
    const days = [this.#utcDay(wallDay - 1), this.#utcDay(wallDay), this.#utcDay(wallDay + 1)];
    const first = days[0]?.offset;
    const constant = days.every((day) => day.transition === NO_TRANSITION && day.offset === first);
    const offset = constant && first !== undefined ? first : Number.NaN;
    this.#wallDayOffsets.set(wallDay, offset);
    return offset;
  }

  /** Tries each offset in force around the wall day: it fits when the instant it gives really has it. */
  #instantsNearTransition(wallMs: number, wallDay: number): number | SkippedWallTime | RepeatedWallTime {
    const offsets = new Set<number>();
    for (let day = wallDay - 1; day <= wallDay + 1; day++) {
      const { offset, offsetAfter } = this.#utcDay(day);
      offsets.add(offset).add(offsetAfter);
    }
    const instants = [...offsets]
      .map((offset) => wallMs - offset)
      .filter((utcMs) => this.offsetAt(utcMs) === wallMs - utcMs)
      .sort((a, b) => a - b);
    const earlier = instants[0];
    const later = instants[instants.length - 1];
    if (earlier === undefined || later === undefined) return SKIPPED;
    return earlier === later ? earlier : { earlier, later };
  }

  #utcDay(day: number): UtcDay {
    const cached = this.#utcDays.get(day);
    if (cached !== undefined) return cached;
    const start = day * DAY_MS;
    const offset = this.#boundaryOffset(start);
    const offsetAfter = this.#boundaryOffset(start + DAY_MS);
    const transition = offset === offsetAfter ? NO_TRANSITION : this.#findTransition(start, offset);
    const entry = { offset, transition, offsetAfter };
    this.#utcDays.set(day, entry);
    return entry;
  }

  /** Day boundaries are shared by neighbouring days, so each is asked of Intl once. */
  #boundaryOffset(utcMs: number): number {
    let offset = this.#boundaryOffsets.get(utcMs);
    if (offset === undefined) {
      offset = this.#intlOffset(utcMs);
      this.#boundaryOffsets.set(utcMs, offset);
    }
    return offset;
  }

  /** First whole minute of the day whose offset is no longer `offsetAtStart` (11 Intl calls). */
  #findTransition(dayStart: number, offsetAtStart: number): number {
    let before = 0;
    let after = DAY_MS / MINUTE_MS;
    while (after - before > 1) {
      const middle = Math.floor((before + after) / 2);
      if (this.#intlOffset(dayStart + middle * MINUTE_MS) === offsetAtStart) before = middle;
      else after = middle;
    }
    return dayStart + after * MINUTE_MS;
  }

  /**
   * Reads Intl's en-US text ("3/31/2024, 01:15:00") rather than formatToParts,
   * which measured about 4x slower. Only the order of the numbers is relied on.
   */
  #intlOffset(utcMs: number): number {
    const text = this.#format.format(utcMs);
    const numbers = text.match(DIGIT_RUNS)?.map(Number) ?? [];
    const [month = Number.NaN, day = Number.NaN, year = Number.NaN, hour = 0, minute = 0, second = 0] =
      numbers;
    const wall = wallTimeMs(year, month, day, hour, minute, second, 0);
    if (numbers.length !== 6 || Number.isNaN(wall)) throw new Error(`Unexpected Intl date text "${text}"`);
    const wholeSecond = utcMs - (((utcMs % 1000) + 1000) % 1000);
    return wall - wholeSecond;
  }
}
