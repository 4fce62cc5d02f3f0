/**
 * Degree days from daily mean temperatures (°C): heating, how far each day's mean falls below the base,
 * cooling, how far it rises above, summed; null without any day.
 */
export function degreeDays(
  dailyMeans: readonly number[],
  base: number,
  kind: 'heating' | 'cooling',
): number | null {
  if (dailyMeans.length === 0) return null;
  return dailyMeans.reduce(
    (sum, mean) => sum + Math.max(0, kind === 'heating' ? base - mean : mean - base),
    0,
  );
}
