/** The tag that marks a place's main (fiscal) meters, so that sub-meters are not counted again beside them. */
export const MAIN_METER_TAG = 'fiscal';

/**
 * The meters that stand for a place's consumption: those on places tagged fiscal when there are any, else
 * all of them (a place whose meters nobody has tagged yet is still counted). `main` says which it was.
 */
export function mainMeters<T extends { tags: readonly string[] }>(
  meters: readonly T[],
): { meters: T[]; main: boolean } {
  const tagged = meters.filter((meter) => meter.tags.includes(MAIN_METER_TAG));
  return tagged.length > 0 ? { meters: tagged, main: true } : { meters: [...meters], main: false };
}
