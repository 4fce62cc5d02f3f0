/** A reading that repeats the instant of an earlier reading of the same data point, each by its caller's position. */
export interface RepeatedInstant {
  /** Where the repeating reading is: its index in a request, its row in a file. */
  position: number;
  /** Where the earliest reading of that instant is. */
  sameInstantAs: number;
}

/** How many readings repeat an earlier one's instant, and the first of them by position. */
export interface RepeatedInstants {
  count: number;
  first: RepeatedInstant[];
}

/** One data point's readings: their times and, in rising order, their positions. */
export interface PositionedSeries {
  ts: ArrayLike<number>;
  positions: ArrayLike<number>;
}

/**
 * The readings that repeat an instant of an earlier reading (by position) of
 * the same data point, each series being one point's readings. writeReadings
 * stores the last value for an instant; whoever sent the readings is told so,
 * rather than seeing fewer readings stored without a word. A series in strict
 * time order, rising or falling, repeats nothing and is passed over without a
 * lookup per reading. Undefined when nothing repeats.
 */
export function repeatedInstants(
  series: Iterable<PositionedSeries>,
  listed: number,
): RepeatedInstants | undefined {
  let count = 0;
  const first: RepeatedInstant[] = [];
  for (const { ts, positions } of series) {
    if (inStrictTimeOrder(ts)) continue;
    const earliest = new Map<number, number>();
    // Positions rise within a series: its first `listed` repeats are the only ones that can be among the first overall.
    let listedHere = 0;
    for (let index = 0; index < ts.length; index++) {
      const time = ts[index] as number;
      const earlier = earliest.get(time);
      if (earlier === undefined) {
        earliest.set(time, positions[index] as number);
        continue;
      }
      count++;
      if (listedHere++ < listed) first.push({ position: positions[index] as number, sameInstantAs: earlier });
    }
  }
  if (count === 0) return undefined;
  return { count, first: first.sort((a, b) => a.position - b.position).slice(0, listed) };
}

/** Every time after the one before it, or every time before it (a file listed newest first). */
export function inStrictTimeOrder(ts: ArrayLike<number>): boolean {
  if (ts.length < 2) return true;
  const rising = (ts[1] as number) > (ts[0] as number);
  for (let index = 1; index < ts.length; index++) {
    const step = (ts[index] as number) - (ts[index - 1] as number);
    if (rising ? !(step > 0) : !(step < 0)) return false;
  }
  return true;
}
