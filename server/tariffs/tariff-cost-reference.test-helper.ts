import type { TariffVersion } from '../../src/generated/api-types';
import type { CostBucketSize, PriceSeries } from './tariff-cost';

/**
 * The cost of readings worked out the slow, obvious way, to check tariffCost against: every reading's local
 * date, hour and weekday read from Intl (not from the ZoneClock tariffCost uses), prices looked up afresh for
 * each reading, billing periods and quarters kept in maps. Buckets are named by their local label
 * (2026-03, 2026-03-29, 2026-03-29T02+01:00) rather than by instant.
 */
export interface ReferenceBucket {
  consumption: number;
  energy: Record<string, number>;
  use: Record<string, number>;
  standing: number;
  demand: number;
  demandKw: number;
  taxes: Record<string, number>;
  total: number;
  co2Kg: number;
}

interface Local {
  date: string;
  month: number;
  hour: number;
  weekday: number;
  offsetLabel: string;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const HOUR = 3_600_000;
const QUARTER = 900_000;

export function localOf(timeZone: string): (at: number) => Local {
  const format = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    weekday: 'short',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  });
  return (at) => {
    const parts = Object.fromEntries(
      format.formatToParts(new Date(at)).map((part) => [part.type, part.value]),
    );
    return {
      date: `${parts.year}-${parts.month}-${parts.day}`,
      month: Number(parts.month),
      hour: Number(parts.hour),
      weekday: WEEKDAYS.indexOf(parts.weekday as string),
      offsetLabel: String(parts.timeZoneName),
    };
  };
}

export function bucketLabel(local: Local, size: CostBucketSize): string {
  if (size === 'month') return local.date.slice(0, 7);
  if (size === 'day') return local.date;
  return `${local.date}T${String(local.hour).padStart(2, '0')}${local.offsetLabel}`;
}

export function referenceCost(input: {
  readings: { ts: number; used: number }[];
  versions: readonly TariffVersion[];
  timeZone: string;
  from: number;
  to: number;
  bucket: CostBucketSize;
  prices?: ReadonlyMap<number, PriceSeries>;
}): { buckets: Map<string, ReferenceBucket>; unpriced: number } {
  const local = localOf(input.timeZone);
  const versionOf = (date: string) =>
    input.versions.findIndex(
      (version) => version.validFrom <= date && (version.validTo === null || date < version.validTo),
    );
  // Per bucket label and version: consumption, energy by window, standing, demand.
  const parts = new Map<
    string,
    {
      label: string;
      version: number;
      consumption: number;
      energy: Record<string, number>;
      use: Record<string, number>;
      standing: number;
      demand: number;
      demandKw: number;
      co2Kg: number;
    }
  >();
  const partOf = (label: string, version: number) => {
    const key = `${label}|${version}`;
    if (!parts.has(key))
      parts.set(key, {
        label,
        version,
        consumption: 0,
        energy: {},
        use: {},
        standing: 0,
        demand: 0,
        demandKw: 0,
        co2Kg: 0,
      });
    return parts.get(key) as NonNullable<ReturnType<typeof parts.get>>;
  };
  const runningTotals = new Map<string, number>();
  const quarters = new Map<string, Map<number, number>>();
  let unpriced = 0;

  for (const { ts, used } of input.readings) {
    if (ts < input.from || ts >= input.to) continue;
    const at = local(ts);
    const versionIndex = versionOf(at.date);
    const version = input.versions[versionIndex];
    if (!version) {
      unpriced += used;
      continue;
    }
    const period = `${at.date.slice(0, 7)}|${versionIndex}`;
    const periodQuarters = quarters.get(period) ?? new Map<number, number>();
    quarters.set(period, periodQuarters);
    const quarter = Math.floor(ts / QUARTER) * QUARTER;
    periodQuarters.set(quarter, (periodQuarters.get(quarter) ?? 0) + used);

    let window: string;
    let charge = 0;
    if (version.dynamic) {
      const series = input.prices?.get(version.dynamic.dataPointId);
      let price: number | undefined;
      for (let index = 0; series && index < series.ts.length; index++) {
        if ((series.ts[index] as number) <= ts) price = series.price[index] as number;
      }
      if (price === undefined) {
        unpriced += used;
        continue;
      }
      window = 'Dynamic';
      charge = used * (price + (version.dynamic.adder ?? 0));
      runningTotals.set(period, (runningTotals.get(period) ?? 0) + used);
    } else {
      const holiday = version.holidays?.includes(at.date) ?? false;
      const weekend = at.weekday === 0 || at.weekday === 6;
      const matrix = holiday
        ? (version.schedule.holiday ?? version.schedule.weekend)
        : weekend
          ? version.schedule.weekend
          : version.schedule.weekday;
      const tariffWindow = version.windows[matrix[at.month - 1]?.[at.hour] ?? -1];
      if (!tariffWindow) {
        unpriced += used;
        continue;
      }
      window = tariffWindow.name;
      // Unit by unit would be slowest of all; split at each limit instead, one tier at a time.
      let total = runningTotals.get(period) ?? 0;
      let left = used;
      while (left > 1e-12) {
        const tier =
          tariffWindow.tiers.find((candidate) => candidate.upTo === null || total < candidate.upTo) ??
          tariffWindow.tiers[tariffWindow.tiers.length - 1];
        if (!tier) break;
        const taken = tier.upTo === null ? left : Math.min(left, tier.upTo - total);
        charge += taken * tier.price;
        total += taken;
        left -= taken;
      }
      runningTotals.set(period, total);
    }
    const part = partOf(bucketLabel(at, input.bucket), versionIndex);
    part.consumption += used;
    part.co2Kg += used * emissionFactorAt(version, input.prices, ts);
    part.energy[window] = (part.energy[window] ?? 0) + charge;
    part.use[window] = (part.use[window] ?? 0) + used;
  }

  for (const [period, periodQuarters] of quarters) {
    const versionIndex = Number(period.split('|')[1]);
    const demandPerKw = input.versions[versionIndex]?.demandPerKw ?? 0;
    if (demandPerKw <= 0) continue;
    let peak = 0;
    let peakAt = 0;
    for (const [quarter, sum] of [...periodQuarters].sort((a, b) => a[0] - b[0])) {
      if (sum > peak) {
        peak = sum;
        peakAt = quarter;
      }
    }
    if (peak > 0) {
      const part = partOf(bucketLabel(local(peakAt), input.bucket), versionIndex);
      part.demand += peak * 4 * demandPerKw;
      part.demandKw = Math.max(part.demandKw, peak * 4);
    }
  }

  // Local midnights, found hour by hour (the zones tested keep whole-hour offsets).
  for (let at = Math.ceil(input.from / HOUR) * HOUR; at < input.to; at += HOUR) {
    const here = local(at);
    if (here.hour !== 0 || local(at - HOUR).date === here.date) continue;
    const versionIndex = versionOf(here.date);
    const perDay = input.versions[versionIndex]?.standingPerDay ?? 0;
    if (versionIndex >= 0 && perDay > 0)
      partOf(bucketLabel(here, input.bucket), versionIndex).standing += perDay;
  }

  const buckets = new Map<string, ReferenceBucket>();
  for (const part of parts.values()) {
    const bucket = buckets.get(part.label) ?? {
      consumption: 0,
      energy: {},
      use: {},
      standing: 0,
      demand: 0,
      demandKw: 0,
      taxes: {},
      total: 0,
      co2Kg: 0,
    };
    buckets.set(part.label, bucket);
    bucket.co2Kg += part.co2Kg;
    const energy = Object.values(part.energy).reduce((sum, amount) => sum + amount, 0);
    for (const [window, amount] of Object.entries(part.energy))
      bucket.energy[window] = (bucket.energy[window] ?? 0) + amount;
    for (const [window, amount] of Object.entries(part.use))
      bucket.use[window] = (bucket.use[window] ?? 0) + amount;
    bucket.demandKw = Math.max(bucket.demandKw, part.demandKw);
    bucket.consumption += part.consumption;
    bucket.standing += part.standing;
    bucket.demand += part.demand;
    const charged = energy + part.standing + part.demand;
    let taxed = 0;
    for (const tax of input.versions[part.version]?.taxes ?? []) {
      const amount = ((tax.percent ?? 0) / 100) * charged + (tax.perUnit ?? 0) * part.consumption;
      bucket.taxes[tax.name] = (bucket.taxes[tax.name] ?? 0) + amount;
      taxed += amount;
    }
    bucket.total += charged + taxed;
  }
  return { buckets, unpriced };
}

/** The version's kg of CO2 per unit at an instant, looked up afresh: its fixed factor, or the latest intensity reading. */
function emissionFactorAt(
  version: TariffVersion,
  series: ReadonlyMap<number, PriceSeries> | undefined,
  ts: number,
): number {
  if (!version.emissions) return 0;
  if (version.emissions.intensityDataPointId === undefined) return version.emissions.kgPerUnit ?? 0;
  const intensity = series?.get(version.emissions.intensityDataPointId);
  let factor = 0;
  for (let index = 0; intensity && index < intensity.ts.length; index++) {
    if ((intensity.ts[index] as number) <= ts) factor = intensity.price[index] as number;
  }
  return factor;
}
