import type { StoredRow } from './stored-around';

/** Readings of one data point, in any order; a later duplicate of an instant wins. */
export interface Series {
  ts: ArrayLike<number>;
  values: ArrayLike<number>;
  /** 0 measured, 1 estimated; measured when absent. */
  quality?: ArrayLike<number>;
}

/**
 * The batch merged with the stored readings around it, in time order, column by column
 * (objects per reading would cost more than the database's work on a large batch).
 */
export interface Merged {
  ts: Float64Array;
  values: Float64Array;
  deltas: (number | null)[];
  quality: Uint8Array;
  /** 1 where the reading comes from the batch. */
  fromBatch: Uint8Array;
  /** A stored reading's delta as stored, to know whether it changed. */
  storedDeltas: (number | null)[];
}

export interface SortedBatch {
  ts: Float64Array;
  values: Float64Array;
  quality: Uint8Array;
}

/** The batch in time order, one reading per instant: the last sent of an instant wins. */
export function sortedUnique(series: Series): SortedBatch {
  const ascending = isAscending(series.ts);
  // The usual batch is in order without repeats; as typed arrays (a meter file's chunks) it is taken as it is.
  const { ts: times, values: numbers, quality: flags } = series;
  if (
    ascending &&
    times instanceof Float64Array &&
    numbers instanceof Float64Array &&
    flags instanceof Uint8Array
  ) {
    return { ts: times, values: numbers, quality: flags };
  }
  const length = series.ts.length;
  const order = Array.from({ length }, (_, index) => index);
  // Stable sort keeps input order among equal instants, so the last duplicate is the one kept.
  if (!ascending) order.sort((a, b) => (series.ts[a] as number) - (series.ts[b] as number));
  const ts = new Float64Array(length);
  const values = new Float64Array(length);
  const quality = new Uint8Array(length);
  let kept = 0;
  for (const index of order) {
    const time = series.ts[index] as number;
    const at = kept > 0 && ts[kept - 1] === time ? kept - 1 : kept++;
    ts[at] = time;
    values[at] = series.values[index] as number;
    quality[at] = series.quality?.[index] ?? 0;
  }
  return { ts: ts.subarray(0, kept), values: values.subarray(0, kept), quality: quality.subarray(0, kept) };
}

function isAscending(ts: ArrayLike<number>): boolean {
  for (let index = 1; index < ts.length; index++) {
    if ((ts[index] as number) <= (ts[index - 1] as number)) return false;
  }
  return true;
}

/** Stored readings and the batch in time order, the batch winning where both have an instant. */
export function mergeSeries(
  stored: StoredRow[],
  batch: SortedBatch,
  before: StoredRow | undefined,
  after: StoredRow | undefined,
): Merged {
  const count = batch.ts.length;
  if (stored.length === 0 && !before && !after) {
    return {
      ts: batch.ts,
      values: batch.values,
      deltas: [],
      quality: batch.quality,
      fromBatch: new Uint8Array(count).fill(1),
      storedDeltas: [],
    };
  }
  const others = [...(before && !stored.some((row) => row.ts === before.ts) ? [before] : []), ...stored];
  if (after && !others.some((row) => row.ts === after.ts)) others.push(after);
  const size = count + others.length;
  const merged: Merged = {
    ts: new Float64Array(size),
    values: new Float64Array(size),
    deltas: [],
    quality: new Uint8Array(size),
    fromBatch: new Uint8Array(size),
    storedDeltas: new Array(size).fill(null),
  };
  let length = 0;
  const push = (
    ts: number,
    value: number,
    quality: number,
    fromBatch: boolean,
    storedDelta: number | null,
  ) => {
    merged.ts[length] = ts;
    merged.values[length] = value;
    merged.quality[length] = quality;
    merged.fromBatch[length] = fromBatch ? 1 : 0;
    merged.storedDeltas[length] = storedDelta;
    length++;
  };
  let next = 0;
  for (let index = 0; index < count; index++) {
    const time = batch.ts[index] as number;
    while (next < others.length && (others[next] as StoredRow).ts < time) {
      const row = others[next++] as StoredRow;
      push(row.ts, row.value, row.quality, false, row.delta);
    }
    if (next < others.length && (others[next] as StoredRow).ts === time) next++;
    push(time, batch.values[index] as number, batch.quality[index] as number, true, null);
  }
  for (; next < others.length; next++) {
    const row = others[next] as StoredRow;
    push(row.ts, row.value, row.quality, false, row.delta);
  }
  return {
    ts: merged.ts.subarray(0, length),
    values: merged.values.subarray(0, length),
    deltas: [],
    quality: merged.quality.subarray(0, length),
    fromBatch: merged.fromBatch.subarray(0, length),
    storedDeltas: merged.storedDeltas.slice(0, length),
  };
}
