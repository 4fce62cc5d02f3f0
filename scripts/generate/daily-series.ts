const DAY = 86_400_000;

/**
 * The spec's embedded daily series (§1, §9): [epoch ms, value] pairs on
 * weekdays from 2007 to 2018, values between 0.63 and 0.97, with some
 * holidays missing. A bounded random walk, from a seed.
 */
export function dailySeries(
  random: () => number,
  from = Date.UTC(2007, 0, 1),
  to = Date.UTC(2018, 11, 31),
): [number, number][] {
  const points: [number, number][] = [];
  let value = 0.8;
  for (let time = from; time <= to; time += DAY) {
    const date = new Date(time);
    const weekday = date.getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const holiday =
      (date.getUTCMonth() === 0 && date.getUTCDate() === 1) ||
      (date.getUTCMonth() === 11 && date.getUTCDate() >= 25);
    if (holiday || random() < 0.01) continue;
    value = Math.min(0.97, Math.max(0.63, value + (random() - 0.5) * 0.02));
    points.push([time, Number(value.toFixed(4))]);
  }
  return points;
}
