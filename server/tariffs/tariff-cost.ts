import type { TariffTier, TariffVersion } from '../../src/generated/api-types';
import { DAY_MS, HOUR_MS } from '../../src/time/civil-time';
import { zoneOffset } from '../../src/time/zone-offsets';
import { dayNumberOf, LocalCalendar, type LocalInstant } from './local-calendar';

export type CostBucketSize = 'hour' | 'day' | 'month';

/** A data point's consumption in time order, each amount booked at its reading's instant (ms). */
export interface ConsumptionSeries {
  ts: ArrayLike<number>;
  used: ArrayLike<number>;
}

/** A price data point's readings in time order: each price holds from its instant until the next. */
export interface PriceSeries {
  ts: ArrayLike<number>;
  price: ArrayLike<number>;
}

export interface CostRequest {
  series: ConsumptionSeries;
  /** Checked (checkTariff): in order of validFrom, none overlapping. */
  versions: readonly TariffVersion[];
  timeZone: string;
  /** The range priced, [from, to), in ms. */
  from: number;
  to: number;
  bucket: CostBucketSize;
  /** The readings of each dynamic version's price data point and each intensity data point, by its id. */
  prices?: ReadonlyMap<number, PriceSeries>;
  /**
   * The highest quarter-hour of each local day (its consumption and the instant it starts), for the demand
   * charge when `series` holds hourly sums rather than readings (readings_daily keeps them).
   */
  dailyPeaks?: { at: ArrayLike<number>; amount: ArrayLike<number> };
}

/** One local hour, day or month: what it cost, by part. */
export interface BucketCost {
  /** The instant the bucket starts. */
  start: number;
  consumption: number;
  /** By window name ("Dynamic" for a dynamic price). */
  energy: Record<string, number>;
  /** Consumption by window name, as an invoice lists it beside each window's charge. */
  use: Record<string, number>;
  standing: number;
  demand: number;
  /** The power (kW: a quarter-hour's consumption × 4) the bucket's demand charge is on; 0 without one. */
  demandKw: number;
  taxes: Record<string, number>;
  total: number;
  /** kg of CO2 by the versions' emission factors. */
  co2Kg: number;
}

export interface CostResult {
  buckets: BucketCost[];
  total: number;
  co2Kg: number;
  /** Consumption with no price: outside every version, or before a dynamic version's first price. */
  unpriced: number;
}

const QUARTER_MS = 900_000;
export const DYNAMIC_WINDOW = 'Dynamic';

/**
 * What a series of consumption costs under a tariff's versions, per local bucket, in one pass over the
 * readings in time order. Each reading's amount is priced at its instant in the zone's local time: the
 * version of its local date, the window its schedule gives that month, day type and wall-clock hour (so a
 * 25-hour day prices its repeated hour twice as that hour), and the tier its billing period's running total
 * has reached. The billing period is the local month, split where a version ends; its demand charge is on the
 * highest quarter-hour (a real quarter of an hour, repeated wall time or not) and is booked in the bucket of
 * that quarter. Taxes are figured per bucket and version, on the parts that version charged.
 */
export function tariffCost(request: CostRequest): CostResult {
  const offset = zoneOffset(request.timeZone);
  const calendar = new LocalCalendar(offset);
  const versions = request.versions.map(preparedVersion);
  const parts = new Map<string, VersionPart>();
  const bucketStart = bucketStarter(calendar, request.bucket);
  const part = (start: number, version: number): VersionPart => {
    const key = `${start}|${version}`;
    let found = parts.get(key);
    if (!found) {
      found = newPart(start, version, versions[version] as PreparedVersion);
      parts.set(key, found);
    }
    return found;
  };

  let unpriced = 0;
  const periods = new Map<string, BillingPeriod>();
  const priceCursors = new Map<number, PriceCursor>();
  // What a local day settles for all its readings (they come in order, 96 a day and more): its version, its
  // schedule's hours, its billing period, and its bucket when buckets are days or months.
  let day = Number.NaN;
  let versionIndex = -1;
  let version: PreparedVersion | undefined;
  let hours: readonly (number | null)[] = [];
  let period: BillingPeriod | undefined;
  let dayPart: VersionPart | undefined;
  let hourStart = Number.NaN;
  let hourPart: VersionPart | undefined;
  const { ts, used } = request.series;
  for (let index = 0; index < ts.length; index++) {
    const at = ts[index] as number;
    const amount = used[index] as number;
    if (at < request.from || at >= request.to || !Number.isFinite(amount)) continue;
    const wall = at + offset(at);
    const wallDay = Math.floor(wall / DAY_MS);
    if (wallDay !== day) {
      day = wallDay;
      const local = calendar.at(at);
      versionIndex = versionOn(versions, day) ?? -1;
      version = versions[versionIndex];
      if (version) {
        hours = scheduleOf(version, local);
        period = periodOf(periods, local, versionIndex, at);
        dayPart = request.bucket === 'hour' ? undefined : part(bucketStart(at, local), versionIndex);
        hourStart = Number.NaN;
      }
    }
    if (!version || !period) {
      unpriced += amount;
      continue;
    }
    if (!request.dailyPeaks) addToQuarter(period, at, amount);

    let window: number;
    let charge: number;
    if (version.dynamic) {
      const price = priceAt(priceCursors, request.prices, version.dynamic.dataPointId, at);
      if (price === undefined) {
        unpriced += amount;
        continue;
      }
      window = version.windows.length;
      charge = amount * (price + (version.dynamic.adder ?? 0));
      period.runningTotal += amount;
    } else {
      window = hours[Math.floor((wall - day * DAY_MS) / HOUR_MS)] ?? -1;
      const tariffWindow = version.windows[window];
      if (!tariffWindow) {
        unpriced += amount;
        continue;
      }
      charge = tieredCharge(tariffWindow.tiers, period, amount);
    }
    let bucketPart = dayPart;
    if (!bucketPart) {
      const start = calendar.hourStart(at);
      if (start !== hourStart || !hourPart) {
        hourStart = start;
        hourPart = part(start, versionIndex);
      }
      bucketPart = hourPart;
    }
    bucketPart.consumption += amount;
    bucketPart.co2Kg += amount * emissionFactor(version, priceCursors, request.prices, at);
    bucketPart.energy[window] = (bucketPart.energy[window] as number) + charge;
    bucketPart.use[window] = (bucketPart.use[window] as number) + amount;
    bucketPart.windowsUsed[window] = 1;
  }

  if (request.dailyPeaks) addDailyPeaks(request, calendar, versions, periods);
  for (const billing of periods.values()) {
    closeQuarter(billing);
    const demandPerKw = versions[billing.version]?.demandPerKw ?? 0;
    if (demandPerKw > 0 && billing.peak > 0) {
      const charged = part(bucketStart(billing.peakAt, calendar.at(billing.peakAt)), billing.version);
      charged.demand += billing.peak * 4 * demandPerKw;
      charged.demandKw = Math.max(charged.demandKw, billing.peak * 4);
    }
  }
  addStandingCharges(request, calendar, versions, bucketStart, part);

  const buckets = new Map<number, BucketCost>();
  for (const versionPart of parts.values()) {
    const bucket = buckets.get(versionPart.start) ?? emptyBucket(versionPart.start);
    buckets.set(versionPart.start, bucket);
    mergeInto(bucket, versionPart, versions[versionPart.version] as PreparedVersion);
  }
  const ordered = [...buckets.values()].sort((a, b) => a.start - b.start);
  return {
    buckets: ordered,
    total: ordered.reduce((sum, bucket) => sum + bucket.total, 0),
    co2Kg: ordered.reduce((sum, bucket) => sum + bucket.co2Kg, 0),
    unpriced,
  };
}

interface PreparedVersion extends TariffVersion {
  fromDay: number;
  /** The first day it no longer applies; Infinity while it runs on. */
  toDay: number;
  holidayDays: ReadonlySet<number>;
}

function preparedVersion(version: TariffVersion): PreparedVersion {
  return {
    ...version,
    fromDay: dayNumberOf(version.validFrom),
    toDay: version.validTo ? dayNumberOf(version.validTo) : Number.POSITIVE_INFINITY,
    holidayDays: new Set((version.holidays ?? []).map(dayNumberOf)),
  };
}

function versionOn(versions: readonly PreparedVersion[], day: number): number | undefined {
  for (let index = versions.length - 1; index >= 0; index--) {
    const version = versions[index] as PreparedVersion;
    if (day >= version.fromDay) return day < version.toDay ? index : undefined;
  }
  return undefined;
}

/** The hours of a local day's schedule: the holiday, weekend or weekday matrix's row for its month. */
function scheduleOf(version: PreparedVersion, local: LocalInstant): readonly (number | null)[] {
  const { schedule } = version;
  const holiday = version.holidayDays.has(local.day);
  const weekend = local.weekday === 0 || local.weekday === 6;
  const matrix = holiday
    ? (schedule.holiday ?? schedule.weekend)
    : weekend
      ? schedule.weekend
      : schedule.weekday;
  return matrix[local.month - 1] ?? [];
}

/** A billing period: a local month under one version. */
interface BillingPeriod {
  version: number;
  /** Consumption so far, for its tiers. */
  runningTotal: number;
  /** The real quarter-hour being summed (ms since 1970 / 15 min). */
  quarter: number;
  quarterSum: number;
  /** The highest quarter's consumption, and an instant in it. */
  peak: number;
  peakAt: number;
}

function periodOf(
  periods: Map<string, BillingPeriod>,
  local: LocalInstant,
  version: number,
  at: number,
): BillingPeriod {
  const key = `${local.monthIndex}|${version}`;
  let period = periods.get(key);
  if (!period) {
    period = { version, runningTotal: 0, quarter: Number.NaN, quarterSum: 0, peak: 0, peakAt: at };
    periods.set(key, period);
  }
  return period;
}

/** Each billing period's peak as the highest of its days' highest quarters. */
function addDailyPeaks(
  request: CostRequest,
  calendar: LocalCalendar,
  versions: readonly PreparedVersion[],
  periods: Map<string, BillingPeriod>,
): void {
  const { at, amount } = request.dailyPeaks as NonNullable<CostRequest['dailyPeaks']>;
  for (let index = 0; index < at.length; index++) {
    const start = at[index] as number;
    const peak = amount[index] as number;
    if (start < request.from || start >= request.to) continue;
    const local = calendar.at(start);
    const version = versionOn(versions, local.day);
    if (version === undefined) continue;
    const period = periodOf(periods, local, version, start);
    if (peak > period.peak) {
      period.peak = peak;
      period.peakAt = start;
    }
  }
}

function addToQuarter(period: BillingPeriod, at: number, amount: number): void {
  const quarter = Math.floor(at / QUARTER_MS);
  if (quarter !== period.quarter) {
    closeQuarter(period);
    period.quarter = quarter;
    period.quarterSum = 0;
  }
  period.quarterSum += amount;
}

function closeQuarter(period: BillingPeriod): void {
  if (Number.isNaN(period.quarter) || period.quarterSum <= period.peak) return;
  period.peak = period.quarterSum;
  period.peakAt = period.quarter * QUARTER_MS;
}

/** The amount at its tiers' prices, split where the period's running total crosses a tier's limit. */
function tieredCharge(tiers: readonly TariffTier[], period: BillingPeriod, amount: number): number {
  if (amount <= 0) {
    // Exported or corrected consumption is credited at the tier the period has reached.
    period.runningTotal += amount;
    return amount * (tierAt(tiers, period.runningTotal - amount)?.price ?? 0);
  }
  let left = amount;
  let charge = 0;
  while (left > 0) {
    const tier = tierAt(tiers, period.runningTotal);
    if (!tier) break;
    const room = tier.upTo === null ? left : tier.upTo - period.runningTotal;
    const taken = Math.min(left, room);
    charge += taken * tier.price;
    period.runningTotal += taken;
    left -= taken;
  }
  return charge;
}

function tierAt(tiers: readonly TariffTier[], runningTotal: number): TariffTier | undefined {
  return tiers.find((tier) => tier.upTo === null || runningTotal < tier.upTo) ?? tiers[tiers.length - 1];
}

/** The data points a version reads a series from: its dynamic price and its emission intensity. */
export function seriesPointsOf(version: TariffVersion): number[] {
  const ids: number[] = [];
  if (version.dynamic) ids.push(version.dynamic.dataPointId);
  if (version.emissions?.intensityDataPointId !== undefined) ids.push(version.emissions.intensityDataPointId);
  return ids;
}

/** kg of CO2 per unit at an instant: the version's fixed factor, or its intensity point's latest reading (0 before the first). */
function emissionFactor(
  version: PreparedVersion,
  cursors: Map<number, PriceCursor>,
  series: ReadonlyMap<number, PriceSeries> | undefined,
  at: number,
): number {
  const emissions = version.emissions;
  if (!emissions) return 0;
  if (emissions.intensityDataPointId === undefined) return emissions.kgPerUnit ?? 0;
  return priceAt(cursors, series, emissions.intensityDataPointId, at) ?? 0;
}

interface PriceCursor {
  index: number;
}

/** The latest price at or before an instant; readings come in order, so each series is walked once. */
function priceAt(
  cursors: Map<number, PriceCursor>,
  prices: ReadonlyMap<number, PriceSeries> | undefined,
  pointId: number,
  at: number,
): number | undefined {
  const series = prices?.get(pointId);
  if (!series) return undefined;
  let cursor = cursors.get(pointId);
  if (!cursor) {
    cursor = { index: -1 };
    cursors.set(pointId, cursor);
  }
  while (cursor.index + 1 < series.ts.length && (series.ts[cursor.index + 1] as number) <= at) cursor.index++;
  return cursor.index < 0 ? undefined : (series.price[cursor.index] as number);
}

type BucketStarter = (at: number, local: LocalInstant) => number;

function bucketStarter(calendar: LocalCalendar, size: CostBucketSize): BucketStarter {
  const days = new Map<number, number>();
  const months = new Map<number, number>();
  // The instant the reading's wall-clock hour began (a repeated hour is two buckets).
  if (size === 'hour') return (at) => calendar.hourStart(at);
  if (size === 'day') {
    return (_at, local) => cached(days, local.day, () => calendar.dayStart(local.day));
  }
  return (_at, local) => cached(months, local.monthIndex, () => calendar.monthStart(local.day));
}

function cached(map: Map<number, number>, key: number, make: () => number): number {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

/** A bucket's charges under one version; energy by window index, the last slot a dynamic price's. */
interface VersionPart {
  start: number;
  version: number;
  consumption: number;
  energy: Float64Array;
  use: Float64Array;
  windowsUsed: Uint8Array;
  co2Kg: number;
  standing: number;
  demand: number;
  demandKw: number;
}

function newPart(start: number, version: number, prepared: PreparedVersion): VersionPart {
  const slots = prepared.windows.length + 1;
  return {
    start,
    version,
    consumption: 0,
    energy: new Float64Array(slots),
    use: new Float64Array(slots),
    windowsUsed: new Uint8Array(slots),
    co2Kg: 0,
    standing: 0,
    demand: 0,
    demandKw: 0,
  };
}

/** Each local day that starts in the range is charged its version's standing charge. */
function addStandingCharges(
  request: CostRequest,
  calendar: LocalCalendar,
  versions: readonly PreparedVersion[],
  bucketStart: BucketStarter,
  part: (start: number, version: number) => VersionPart,
): void {
  if (!versions.some((version) => (version.standingPerDay ?? 0) > 0)) return;
  const firstDay = calendar.at(request.from).day;
  const lastDay = calendar.at(request.to - 1).day;
  for (let day = firstDay; day <= lastDay; day++) {
    const start = calendar.dayStart(day);
    if (start < request.from || start >= request.to) continue;
    const versionIndex = versionOn(versions, day);
    const perDay = versionIndex === undefined ? 0 : (versions[versionIndex]?.standingPerDay ?? 0);
    if (versionIndex === undefined || perDay <= 0) continue;
    part(bucketStart(start, calendar.at(start)), versionIndex).standing += perDay;
  }
}

function emptyBucket(start: number): BucketCost {
  return {
    start,
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
}

function mergeInto(bucket: BucketCost, part: VersionPart, version: PreparedVersion): void {
  bucket.consumption += part.consumption;
  bucket.co2Kg += part.co2Kg;
  let charged = part.standing + part.demand;
  part.energy.forEach((amount, window) => {
    if (!part.windowsUsed[window]) return;
    const name = version.windows[window]?.name ?? DYNAMIC_WINDOW;
    bucket.energy[name] = (bucket.energy[name] ?? 0) + amount;
    bucket.use[name] = (bucket.use[name] ?? 0) + (part.use[window] as number);
    charged += amount;
  });
  bucket.standing += part.standing;
  bucket.demand += part.demand;
  bucket.demandKw = Math.max(bucket.demandKw, part.demandKw);
  let taxed = 0;
  for (const tax of version.taxes ?? []) {
    const amount = ((tax.percent ?? 0) / 100) * charged + (tax.perUnit ?? 0) * part.consumption;
    bucket.taxes[tax.name] = (bucket.taxes[tax.name] ?? 0) + amount;
    taxed += amount;
  }
  bucket.total += charged + taxed;
}
