/**
 * Deterministic, realistic 15-minute readings for the demo portfolio.
 *
 * Everything is a pure function of (data point, site, seed, time): the
 * same seed gives the same readings on every machine. The models:
 * - Calendar: local time of the site (DST included); working days,
 *   Saturdays, and Sundays or public holidays (`holidays.ts`), which behave
 *   alike. Occupancy follows an office or laboratory day shape scaled by a
 *   seeded level per day (Fridays and Mondays lower, summer holidays and the
 *   Christmas week lower still).
 * - Weather: a seasonal outdoor temperature for the site's hemisphere and
 *   climate (`DemoEntity.climate`), a daily cycle peaking at 15:00, and a
 *   seeded mean-reverting random walk (AR(1) per day, interpolated through
 *   the day) for spells of warm and cold weather.
 * - Electricity: lighting, HVAC (fans and cooling, driven by the weather),
 *   small power and unmetered loads; the main meter is exactly their sum.
 *   Gas: space heating from the weather plus hot water. Water: occupancy.
 * - Zones: occupancy (bookings for meeting rooms), CO₂ and temperature as
 *   first-order responses to occupancy, ventilation, setpoints and weather.
 * - Weather stations: the outdoor temperature above, the very one the
 *   loads are made from.
 * - Outages: a few seeded gaps of 2 to 24 hours per half year, at site
 *   level (the gateway) and per data point (the device), in which nothing
 *   is yielded; registers keep counting through them.
 *
 * Readings are at the quarter hours (UTC) in [from, to); cumulative points
 * give the register, interval points the quantity in the quarter hour
 * ending at the timestamp, instantaneous points the value at it (for
 * energy points: the mean rate over that quarter hour, e.g. kW).
 *
 * Seeding the demo: `for (const { point, chunks } of generatePortfolio({ from, to, seed }))`,
 * inserting each point's chunks before asking for the next point.
 */

import { zoneOffset } from '../../../src/time/zone-offsets.ts';
import { seededRandom } from '../seeded-random.ts';
import { holidayDayNumbers } from './holidays.ts';
import {
  type DataPointUnit,
  DEMO_PORTFOLIO,
  type DemoDataPoint,
  type DemoEntity,
  type DemoPortfolio,
  findEntity,
  type SiteClimate,
  siteOf,
} from './portfolio.ts';

export const QUARTER_HOUR_MS = 900_000;
const Q = QUARTER_HOUR_MS;
const DAY = 86_400_000;
const WEEK = 7 * DAY;
const QUARTERS_PER_DAY = 96;
const YEAR_DAYS = 365.2425;
/** Stateful sensors (temperature, CO₂) run this long before `from` so their start does not depend on it. */
const BURN_IN_QUARTERS = 4 * QUARTERS_PER_DAY;
/** Gaps are drawn per block of this length, counted from the epoch, so they do not depend on the range. */
const GAP_BLOCK = 182 * DAY;
/** Net calorific value × boiler efficiency: kWh of useful heat per m³ of natural gas. */
const HEAT_PER_GAS_M3 = 9.5;

export interface SeriesOptions {
  /** Epoch ms; the first reading is at the first quarter hour at or after it. */
  from: number;
  /** Epoch ms, exclusive. */
  to: number;
  seed: number;
}

export interface SeriesChunk {
  /** Epoch ms, on UTC quarter hours, increasing. */
  ts: Float64Array;
  values: Float64Array;
}

/** Readings with from <= ts < to are missing. */
export interface Gap {
  from: number;
  to: number;
}

export interface RegisterEvent {
  kind: 'rollover' | 'meter-exchange';
  /** The first reading after the event (the one lower than its predecessor). */
  at: number;
}

// ---------------------------------------------------------------- hashing

function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return hash >>> 0;
}

/** A 32-bit seed from several integers (murmur3-style finaliser per input). */
function mix(...values: number[]): number {
  let hash = 0x9e3779b9;
  for (const value of values) {
    hash = Math.imul(hash ^ (value | 0), 0x85ebca6b);
    hash ^= hash >>> 13;
    hash = Math.imul(hash, 0xc2b2ae35);
    hash ^= hash >>> 16;
  }
  return hash >>> 0;
}

function seedKey(seed: number): number {
  return mix(seed >>> 0, Math.floor(seed / 4294967296) | 0);
}

const Stream = {
  weather: 1,
  day: 2,
  lighting: 3,
  smallPower: 4,
  hvac: 5,
  other: 6,
  gas: 7,
  water: 8,
  zone: 9,
  sensor: 10,
  bookings: 11,
  siteGap: 12,
  pointGap: 13,
  register: 14,
} as const;

/** Uniform noise in [-1, 1) for each UTC quarter hour, drawn a day at a time from its own seed. */
class QuarterNoise {
  private day = Number.NaN;
  private readonly values = new Float64Array(QUARTERS_PER_DAY);
  private readonly key: number;

  constructor(key: number) {
    this.key = key;
  }

  at(ts: number): number {
    const day = Math.floor(ts / DAY);
    if (day !== this.day) {
      this.day = day;
      const random = seededRandom(mix(this.key, day));
      for (let index = 0; index < QUARTERS_PER_DAY; index += 1) this.values[index] = random() * 2 - 1;
    }
    return this.values[((ts - day * DAY) / Q) | 0] ?? 0;
  }
}

function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

// ---------------------------------------------------------------- profiles

const WORKDAY = 0;
const SATURDAY = 1;
const SUNDAY_OR_HOLIDAY = 2;

/** Local days are days since 1970-01-01 in local time; 1970-01-01 was a Thursday. */
const weekdayOf = (localDay: number) => (((localDay + 4) % 7) + 7) % 7;

function dayTypeOf(localDay: number, holidays: ReadonlySet<number>): number {
  const weekday = weekdayOf(localDay);
  return weekday === 0 || holidays.has(localDay) ? SUNDAY_OR_HOLIDAY : weekday === 6 ? SATURDAY : WORKDAY;
}

function siteHolidays(site: DemoEntity, from: number, to: number): ReadonlySet<number> {
  return holidayDayNumbers(
    site.country ?? 'GB',
    new Date(from - 2 * DAY).getUTCFullYear(),
    new Date(to + 2 * DAY).getUTCFullYear(),
    site.region,
  );
}

interface UseProfile {
  /** Fraction of the peak headcount present, by day type and local quarter hour. */
  occupancy: Float64Array[];
  /** Lights on for cleaning, as a fraction of full lighting. */
  cleaning: Float64Array[];
  /** HVAC in occupied mode. */
  hvac: Uint8Array[];
  /** Heating boost before arrival. */
  boost: Uint8Array[];
  /** Scale of the day's occupancy, Sunday first. */
  weekdayLevel: readonly number[];
  /** Day level on working days between Christmas and New Year. */
  christmasLevel: number;
  /** kW per 1000 m²: base and occupancy-driven parts. */
  lighting: readonly [number, number];
  smallPower: readonly [number, number];
  other: readonly [number, number];
  /** Litres per 15 minutes per 1000 m². */
  water: readonly [number, number];
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const between = (hour: number, start: number, end: number, width: number) =>
  logistic((hour - start) / width) * (1 - logistic((hour - end) / width));

function table(shape: (hour: number) => number): Float64Array {
  const values = new Float64Array(QUARTERS_PER_DAY);
  for (let quarter = 0; quarter < QUARTERS_PER_DAY; quarter += 1) values[quarter] = shape(quarter / 4);
  return values;
}

function flags(on: (hour: number) => boolean): Uint8Array {
  const values = new Uint8Array(QUARTERS_PER_DAY);
  for (let quarter = 0; quarter < QUARTERS_PER_DAY; quarter += 1) values[quarter] = on(quarter / 4) ? 1 : 0;
  return values;
}

const OFFICE: UseProfile = {
  occupancy: [
    table(
      (hour) =>
        0.92 *
        logistic((hour - 8.6) / 0.4) *
        (1 - logistic((hour - 17.4) / 0.5)) *
        (1 - 0.15 * Math.exp(-(((hour - 12.9) / 0.5) ** 2))),
    ),
    table((hour) => 0.05 * between(hour, 9.5, 14.5, 0.4)),
    table(() => 0),
  ],
  cleaning: [
    table((hour) => (hour >= 18.5 && hour < 20 ? 0.25 : hour >= 6 && hour < 7 ? 0.15 : 0)),
    table(() => 0),
    table(() => 0),
  ],
  hvac: [flags((hour) => hour >= 6 && hour < 18.5), flags(() => false), flags(() => false)],
  boost: [flags((hour) => hour >= 6 && hour < 7.5), flags(() => false), flags(() => false)],
  weekdayLevel: [1, 0.86, 1, 1, 0.96, 0.72, 1],
  christmasLevel: 0.3,
  lighting: [0.55, 8],
  smallPower: [3, 7],
  other: [1.4, 2.6],
  water: [1, 26],
};

const LABORATORY: UseProfile = {
  occupancy: [
    table((hour) => 0.03 + 0.9 * logistic((hour - 8.8) / 0.5) * (1 - logistic((hour - 18.6) / 0.9))),
    table((hour) => 0.02 + 0.18 * between(hour, 10, 16, 0.5)),
    table((hour) => 0.02 + 0.08 * between(hour, 11, 15, 0.5)),
  ],
  cleaning: [table((hour) => (hour >= 19.5 && hour < 21 ? 0.2 : 0)), table(() => 0), table(() => 0)],
  hvac: [flags(() => true), flags(() => true), flags(() => true)],
  boost: [flags(() => false), flags(() => false), flags(() => false)],
  weekdayLevel: [1, 0.95, 1, 1, 1, 0.9, 1],
  christmasLevel: 0.5,
  lighting: [1.2, 8.5],
  smallPower: [11, 7],
  other: [2, 2],
  water: [3.5, 30],
};

/** cos of the hour angle from 15:00, the warmest time of day. */
const DIURNAL = table((hour) => Math.cos((2 * Math.PI * (hour - 15)) / 24));
/** Sun on a facade facing the equator, 0..1. */
const SUN = table((hour) => Math.max(0, Math.sin((Math.PI * (hour - 7)) / 10)));

const DEFAULT_CLIMATE: SiteClimate = {
  annualMeanC: 12,
  seasonalSwingC: 7,
  dailyRangeC: 7,
  variabilityC: 2.5,
};

// ---------------------------------------------------------------- site track

type Channel = 'lighting' | 'small-power' | 'hvac' | 'other' | 'main' | 'gas' | 'water';
type ZoneKind = 'meeting-room' | 'laboratory' | 'open-plan' | 'other';

interface Zone {
  kind: ZoneKind;
  sunExposed: boolean;
  /** Offset of this zone's controlled temperature, °C. */
  setpointOffset: number;
  /** 0..1 of the zone's capacity, per quarter hour. */
  occupancy: Float64Array;
}

/**
 * A site's calendar, weather, occupancy and loads for every quarter hour
 * from `start` (before `end`), shared by all data points of the site: the
 * main meter and its sub-meters read the same load arrays, and a zone's
 * temperature, CO₂ and occupancy the same occupancy. Per quarter hour of
 * the range it keeps about ten numbers, plus one array per load or zone used.
 */
class SiteTrack {
  readonly start: number;
  readonly end: number;
  readonly length: number;
  readonly area: number;
  readonly profile: UseProfile;
  readonly laboratory: boolean;
  readonly southern: boolean;
  private readonly key: number;

  /** Local quarter hour of the day, 0..95. */
  readonly quarter: Uint8Array;
  readonly dayType: Uint8Array;
  /** Local day number (days since 1970-01-01 in local time). */
  readonly localDay: Int32Array;
  /** Scale of the day's occupancy. */
  readonly dayLevel: Float64Array;
  /** Fraction of the peak headcount present. */
  readonly occupancy: Float64Array;
  readonly cleaning: Float64Array;
  /** HVAC in occupied mode (1) or off / set back (0). */
  readonly hvacOn: Uint8Array;
  readonly boost: Uint8Array;
  /** Outdoor temperature, °C. */
  readonly outdoor: Float64Array;
  /** Outdoor temperature without the daily cycle (a proxy for the building's thermal mass). */
  readonly outdoorSmooth: Float64Array;
  /** 0 in the coldest week, 1 in the warmest. */
  readonly summerness: Float64Array;

  private readonly channels = new Map<Channel, Float64Array>();
  private readonly zones = new Map<string, Zone>();

  constructor(site: DemoEntity, seed: number, start: number, end: number) {
    if (site.type !== 'site') throw new Error(`${site.key} is not a site`);
    if (!site.timeZone || !site.country || !site.floorAreaM2) {
      throw new Error(`Site ${site.key} needs timeZone, country and floorAreaM2`);
    }
    this.start = start;
    this.end = end;
    const length = Math.max(0, Math.ceil((end - start) / Q));
    this.length = length;
    this.area = site.floorAreaM2 / 1000;
    this.laboratory = site.use === 'laboratory';
    this.profile = this.laboratory ? LABORATORY : OFFICE;
    this.southern = (site.latitude ?? 0) < 0;
    this.key = mix(seedKey(seed), hashString(site.key));
    this.quarter = new Uint8Array(length);
    this.dayType = new Uint8Array(length);
    this.localDay = new Int32Array(length);
    this.dayLevel = new Float64Array(length);
    this.occupancy = new Float64Array(length);
    this.cleaning = new Float64Array(length);
    this.hvacOn = new Uint8Array(length);
    this.boost = new Uint8Array(length);
    this.outdoor = new Float64Array(length);
    this.outdoorSmooth = new Float64Array(length);
    this.summerness = new Float64Array(length);
    if (length > 0) this.fill(site);
  }

  streamKey(...parts: number[]): number {
    return mix(this.key, ...parts);
  }

  private fill(site: DemoEntity): void {
    const offsetAt = zoneOffset(site.timeZone ?? 'UTC');
    const holidays = siteHolidays(site, this.start, this.end);
    const climate = site.climate ?? DEFAULT_CLIMATE;
    const coldestDay = 19 + (this.southern ? YEAR_DAYS / 2 : 0);
    const anomalyFirst = Math.floor(this.start / DAY) - 2;
    const anomalies = this.weatherAnomalies(climate, anomalyFirst, Math.floor(this.end / DAY) + 3);
    const profile = this.profile;
    const halfRange = climate.dailyRangeC / 2;

    let currentDay = Number.NaN;
    let dayType = WORKDAY;
    let dayLevel = 0;
    let anomalyToday = 0;
    let anomalyTomorrow = 0;
    let occupancyShape = profile.occupancy[WORKDAY] as Float64Array;
    let cleaningShape = profile.cleaning[WORKDAY] as Float64Array;
    let hvacShape = profile.hvac[WORKDAY] as Uint8Array;
    let boostShape = profile.boost[WORKDAY] as Uint8Array;

    for (let index = 0; index < this.length; index += 1) {
      const ts = this.start + index * Q;
      const local = ts + offsetAt(ts);
      const localDay = Math.floor(local / DAY);
      if (localDay !== currentDay) {
        currentDay = localDay;
        dayType = dayTypeOf(localDay, holidays);
        dayLevel = this.dayLevelOf(localDay, weekdayOf(localDay), dayType);
        anomalyToday = anomalies[localDay - anomalyFirst] ?? 0;
        anomalyTomorrow = anomalies[localDay + 1 - anomalyFirst] ?? 0;
        occupancyShape = profile.occupancy[dayType] as Float64Array;
        cleaningShape = profile.cleaning[dayType] as Float64Array;
        hvacShape = profile.hvac[dayType] as Uint8Array;
        boostShape = profile.boost[dayType] as Uint8Array;
      }
      const sinceMidnight = local - localDay * DAY;
      const quarter = Math.min(QUARTERS_PER_DAY - 1, Math.floor(sinceMidnight / Q));
      const season = Math.cos((2 * Math.PI * (local / DAY - coldestDay)) / YEAR_DAYS);
      const anomaly = anomalyToday + (anomalyTomorrow - anomalyToday) * (sinceMidnight / DAY);
      const smooth = climate.annualMeanC - climate.seasonalSwingC * season + anomaly;
      this.quarter[index] = quarter;
      this.dayType[index] = dayType;
      this.localDay[index] = localDay;
      this.dayLevel[index] = dayLevel;
      this.occupancy[index] = (occupancyShape[quarter] ?? 0) * dayLevel;
      this.cleaning[index] = cleaningShape[quarter] ?? 0;
      this.hvacOn[index] = hvacShape[quarter] ?? 0;
      this.boost[index] = boostShape[quarter] ?? 0;
      this.summerness[index] = (1 - season) / 2;
      this.outdoorSmooth[index] = smooth;
      this.outdoor[index] = smooth + halfRange * (DIURNAL[quarter] ?? 0);
    }
  }

  /**
   * The day's weather anomaly, °C: a mean-reverting random walk (AR(1),
   * persistence 0.82 a day) written as a fixed 60-day sum of seeded daily
   * shocks, so that a day's value does not depend on the range generated.
   */
  private weatherAnomalies(climate: SiteClimate, firstDay: number, endDay: number): Float64Array {
    const memory = 60;
    const persistence = 0.82;
    const innovation = climate.variabilityC * Math.sqrt(1 - persistence * persistence);
    const shocks = new Float64Array(endDay - firstDay + memory);
    for (let index = 0; index < shocks.length; index += 1) {
      shocks[index] =
        innovation * gaussian(seededRandom(mix(this.key, Stream.weather, firstDay - memory + index)));
    }
    const anomalies = new Float64Array(endDay - firstDay);
    for (let day = 0; day < anomalies.length; day += 1) {
      let sum = 0;
      let weight = 1;
      for (let lag = 0; lag < memory; lag += 1) {
        sum += weight * (shocks[day + memory - lag] ?? 0);
        weight *= persistence;
      }
      anomalies[day] = sum;
    }
    return anomalies;
  }

  /** Seeded level of a day: Fridays and Mondays lower, summer holidays and the Christmas week lower still. */
  private dayLevelOf(localDay: number, weekday: number, dayType: number): number {
    const random = seededRandom(mix(this.key, Stream.day, localDay));
    if (dayType !== WORKDAY) return 0.7 + 0.6 * random();
    const date = new Date(localDay * DAY);
    const month = date.getUTCMonth() + 1;
    const dayOfMonth = date.getUTCDate();
    let level = (this.profile.weekdayLevel[weekday] ?? 1) * (0.88 + 0.18 * random());
    if ((month === 12 && dayOfMonth >= 24) || (month === 1 && dayOfMonth <= 2))
      level *= this.profile.christmasLevel;
    else if (this.southern ? month === 1 && dayOfMonth <= 25 : month === 8) level *= 0.78;
    else if (!this.southern && month === 7 && dayOfMonth >= 15) level *= 0.9;
    return level;
  }

  /** Quantity per quarter hour ending at each instant: kWh for electricity, m³ for gas and water. */
  channel(name: Channel): Float64Array {
    const cached = this.channels.get(name);
    if (cached) return cached;
    const values = name === 'main' ? this.mainChannel() : this.loadChannel(name);
    this.channels.set(name, values);
    return values;
  }

  /** The main meter: exactly the sub-meters plus the unmetered loads. */
  private mainChannel(): Float64Array {
    const [lighting, smallPower, hvac, other] = (['lighting', 'small-power', 'hvac', 'other'] as const).map(
      (name) => this.channel(name),
    );
    const values = new Float64Array(this.length);
    for (let index = 0; index < this.length; index += 1) {
      values[index] =
        (lighting?.[index] ?? 0) + (smallPower?.[index] ?? 0) + (hvac?.[index] ?? 0) + (other?.[index] ?? 0);
    }
    return values;
  }

  /** One load, a loop each (a branch per quarter hour would keep the JIT guessing). */
  private loadChannel(name: Exclude<Channel, 'main'>): Float64Array {
    const values = new Float64Array(this.length);
    const stream = {
      lighting: Stream.lighting,
      'small-power': Stream.smallPower,
      hvac: Stream.hvac,
      other: Stream.other,
      gas: Stream.gas,
      water: Stream.water,
    }[name];
    const noise = new QuarterNoise(this.streamKey(stream));
    const { area, profile, laboratory, length, start } = this;
    const { occupancy, hvacOn, boost, outdoor, outdoorSmooth, cleaning, summerness } = this;
    /** Outdoor temperature as the building feels it: half now, half the day's smooth value. */
    const felt = (index: number) => 0.5 * (outdoor[index] ?? 0) + 0.5 * (outdoorSmooth[index] ?? 0);
    switch (name) {
      case 'lighting': {
        const [base, peak] = profile.lighting;
        for (let index = 0; index < length; index += 1) {
          const lit = Math.min(1, 1.3 * (occupancy[index] ?? 0) + (cleaning[index] ?? 0));
          const daylight = 1 - 0.12 * (summerness[index] ?? 0);
          const kW = area * (base + peak * lit) * daylight * (1 + 0.02 * noise.at(start + index * Q));
          values[index] = kW / 4;
        }
        break;
      }
      case 'small-power':
      case 'other': {
        const [base, peak] = name === 'other' ? profile.other : profile.smallPower;
        const spread = name === 'other' ? 0.12 : 0.04;
        for (let index = 0; index < length; index += 1) {
          const kW =
            area * (base + peak * (occupancy[index] ?? 0)) * (1 + spread * noise.at(start + index * Q));
          values[index] = kW / 4;
        }
        break;
      }
      case 'hvac':
        for (let index = 0; index < length; index += 1) {
          const present = occupancy[index] ?? 0;
          const temperature = felt(index);
          let kW: number;
          if (laboratory) {
            // 100 % fresh air around the clock; chillers for process and summer loads.
            kW = 9 + 2.5 * present + 1.3 * Math.max(0, temperature - 13);
          } else if (hvacOn[index] === 1) {
            // Fans and pumps, chillers above 15.5 °C, heating pumps in the cold (more during the boost).
            kW =
              4.4 +
              Math.max(0, temperature - 15.5) * (0.75 + 0.5 * present) +
              (temperature < 10 ? (boost[index] === 1 ? 0.6 : 0.4) : 0);
          } else {
            // Server-room cooling only.
            kW = 1.2 + 0.12 * Math.max(0, temperature - 22);
          }
          values[index] = (area * kW * (1 + 0.07 * noise.at(start + index * Q))) / 4;
        }
        break;
      case 'gas':
        // Space heating below a balance point, plus hot water (and lab steam); kWh of heat to m³ of gas.
        for (let index = 0; index < length; index += 1) {
          const present = occupancy[index] ?? 0;
          const temperature = felt(index);
          let heat: number;
          if (laboratory) heat = 3.2 * Math.max(0, 17 - temperature) + 0.7 + 1.6 * present;
          else if (hvacOn[index] === 1) {
            heat =
              2.1 * Math.max(0, 16.5 - temperature) * (boost[index] === 1 ? 1.6 : 1) + 0.25 + 1.4 * present;
          } else heat = 0.3 * Math.max(0, 8 - temperature) + 0.25;
          values[index] = (area * heat * (1 + 0.1 * noise.at(start + index * Q))) / 4 / HEAT_PER_GAS_M3;
        }
        break;
      case 'water': {
        const [base, peak] = profile.water;
        for (let index = 0; index < length; index += 1) {
          const litres = area * (base + peak * (occupancy[index] ?? 0));
          values[index] = (litres * (1 + 0.35 * noise.at(start + index * Q))) / 1000;
        }
        break;
      }
    }
    return values;
  }

  /** A zone's character and occupancy (bookings for meeting rooms), shared by its sensors. */
  zone(entity: DemoEntity): Zone {
    const cached = this.zones.get(entity.key);
    if (cached) return cached;
    const tags = new Set(entity.tags);
    const kind: ZoneKind = tags.has('meeting-room')
      ? 'meeting-room'
      : tags.has('laboratory')
        ? 'laboratory'
        : tags.has('open-plan')
          ? 'open-plan'
          : 'other';
    const key = this.streamKey(Stream.zone, hashString(entity.key));
    const random = seededRandom(key);
    const factor = 0.85 + 0.15 * random();
    const setpointOffset = (random() - 0.5) * 0.6;
    const occupancy = new Float64Array(this.length);
    if (kind === 'meeting-room') {
      // Hourly bookings, likelier when the building is busy; attendance 35–95 % of capacity.
      const attendance = new Float64Array(24);
      let bookedDay = Number.NaN;
      for (let index = 0; index < this.length; index += 1) {
        const localDay = this.localDay[index] ?? 0;
        if (localDay !== bookedDay) {
          bookedDay = localDay;
          const booking = seededRandom(mix(key, Stream.bookings, localDay));
          const shape = this.profile.occupancy[this.dayType[index] ?? 0];
          const level = this.dayLevel[index] ?? 0;
          for (let hour = 0; hour < 24; hour += 1) {
            const busy = Math.min(1, (shape?.[hour * 4 + 2] ?? 0) * level);
            const booked = booking() < 0.85 * busy;
            const share = 0.35 + 0.6 * booking();
            attendance[hour] = booked ? share : 0;
          }
        }
        occupancy[index] = attendance[(this.quarter[index] ?? 0) >> 2] ?? 0;
      }
    } else {
      const noise = new QuarterNoise(mix(key, 1));
      for (let index = 0; index < this.length; index += 1) {
        const ts = this.start + index * Q;
        occupancy[index] = Math.min(1, (this.occupancy[index] ?? 0) * factor * (1 + 0.08 * noise.at(ts)));
      }
    }
    const zone: Zone = {
      kind,
      sunExposed: tags.has(this.southern ? 'north-facing' : 'south-facing'),
      setpointOffset,
      occupancy,
    };
    this.zones.set(entity.key, zone);
    return zone;
  }
}

/** A site's track for the range of `options`, from the burn-in before the first reading. */
function newTrack(site: DemoEntity, options: SeriesOptions): SiteTrack {
  return new SiteTrack(site, options.seed, firstReadingAt(options.from) - BURN_IN_QUARTERS * Q, options.to);
}

// ---------------------------------------------------------------- points

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const smoothing = (minutes: number) => 1 - Math.exp(-15 / minutes);

const ENERGY_INTENTS = new Set(['electricity', 'gas', 'water']);

/**
 * The point's value at every index of the track, before register
 * accumulation and rounding (stateful sensors integrate from index 0, so
 * through the burn-in). Energy points share the site's load arrays, read
 * through `scale`.
 */
function pointValues(
  point: DemoDataPoint,
  site: DemoEntity,
  track: SiteTrack,
): { values: Float64Array; scale: number } {
  if (ENERGY_INTENTS.has(point.intent)) {
    const channel: Channel =
      point.intent === 'electricity' ? (point.circuit ?? 'main') : point.intent === 'gas' ? 'gas' : 'water';
    // Instantaneous energy points give the mean rate over the quarter hour (kW from kWh).
    return { values: track.channel(channel), scale: point.kind === 'instantaneous' ? 4 : 1 };
  }
  // The weather station reads the very weather that drives the site's heating and cooling, so degree days and
  // temperature models fitted to its meters find the relation that is there.
  if (point.intent === 'outdoorTemperature') return { values: track.outdoor, scale: 1 };
  const entity = findEntity(site, point.entityKey);
  if (!entity)
    throw new Error(`Data point ${point.key}: entity ${point.entityKey} is not on site ${site.key}`);
  const zone = track.zone(entity);
  const { length, start, hvacOn, outdoor, outdoorSmooth, summerness, quarter } = track;
  const occupancy = zone.occupancy;
  const noise = new QuarterNoise(track.streamKey(Stream.sensor, hashString(point.key)));
  const values = new Float64Array(length);
  switch (point.intent) {
    case 'occupancy':
      for (let index = 0; index < length; index += 1)
        values[index] = clamp(100 * (occupancy[index] ?? 0), 0, 100);
      break;
    case 'co2': {
      // Outdoor air at 420 ppm; people add to it; ventilation clears it in about half an hour, infiltration in hours.
      const gain = { 'meeting-room': 1000, 'open-plan': 650, laboratory: 280, other: 450 }[zone.kind];
      const ventilated = smoothing(35);
      const closed = smoothing(240);
      let co2 = 420 + gain * (occupancy[0] ?? 0);
      for (let index = 0; index < length; index += 1) {
        const target = 420 + gain * (occupancy[index] ?? 0);
        co2 += (target - co2) * (hvacOn[index] === 1 ? ventilated : closed);
        values[index] = Math.max(400, co2 + 10 * noise.at(start + index * Q));
      }
      break;
    }
    case 'temperature': {
      const controlled = smoothing(zone.kind === 'laboratory' ? 30 : 50);
      const floating = smoothing(360);
      let temperature = Number.NaN;
      for (let index = 0; index < length; index += 1) {
        const outside = outdoor[index] ?? 0;
        const present = occupancy[index] ?? 0;
        const on = hvacOn[index] === 1;
        let target: number;
        if (zone.kind === 'laboratory') {
          target = 21 + 0.04 * (outside - 13) + 0.5 * present + zone.setpointOffset;
        } else {
          const sun = zone.sunExposed
            ? (1 + 1.2 * (summerness[index] ?? 0)) * (SUN[quarter[index] ?? 0] ?? 0)
            : 0;
          const free = 0.35 * outside + 0.35 * (outdoorSmooth[index] ?? 0) + 8.5 + 4 * present + sun;
          // Heating to 21 °C and cooling to 23.5 °C when occupied; setbacks 16.5 and 27.5 °C otherwise.
          target = on ? clamp(free, 21, 23.5) + zone.setpointOffset : clamp(free, 16.5, 27.5);
        }
        if (Number.isNaN(temperature)) temperature = target;
        temperature += (target - temperature) * (on ? controlled : floating);
        values[index] = temperature + 0.08 * noise.at(start + index * Q);
      }
      break;
    }
    default:
      throw new Error(`Data point ${point.key}: ${point.intent} is not a sensor quantity`);
  }
  return { values, scale: 1 };
}

// ---------------------------------------------------------------- range, events and gaps

const ROUNDING: Record<DataPointUnit, number> = {
  kWh: 1000,
  'm³': 1000,
  kW: 100,
  '°C': 100,
  ppm: 1,
  '%': 10,
};

/** The first reading at or after `from`: the next UTC quarter hour. */
export function firstReadingAt(from: number): number {
  return Math.ceil(from / Q) * Q;
}

function checkOptions(point: DemoDataPoint, options: SeriesOptions): void {
  const { from, to, seed } = options;
  if (!Number.isFinite(from) || !Number.isFinite(to) || !Number.isFinite(seed)) {
    throw new Error('from, to and seed must be finite numbers');
  }
  if (point.kind !== 'instantaneous' && !ENERGY_INTENTS.has(point.intent)) {
    throw new Error(`Data point ${point.key}: only electricity, gas and water can be ${point.kind}`);
  }
  if (point.registerEvent?.kind === 'rollover' && point.registerMax === undefined) {
    throw new Error(`Data point ${point.key}: a rollover needs registerMax`);
  }
}

/**
 * When the point's register rolls over or is reset, in this range: the
 * quarter hour at `from + atFraction × (to − from)` (rounded down, kept
 * within the readings); a meter exchange then moves to the first 10:00
 * local time on a working day at or after it, if that is in the range.
 * The reading at `at` is the first from the wrapped or new register.
 */
export function registerEvent(
  point: DemoDataPoint,
  site: DemoEntity,
  options: SeriesOptions,
): RegisterEvent | undefined {
  const spec = point.registerEvent;
  if (!spec || point.kind !== 'cumulative') return undefined;
  const first = firstReadingAt(options.from);
  const last = Math.ceil(options.to / Q) * Q - Q;
  if (last < first) return undefined;
  const at = clamp(
    Math.floor((options.from + spec.atFraction * (options.to - options.from)) / Q) * Q,
    first,
    last,
  );
  if (spec.kind === 'meter-exchange' && site.timeZone) {
    const search = Math.min(last + Q, at + 21 * DAY);
    const offsetAt = zoneOffset(site.timeZone);
    const holidays = siteHolidays(site, at, search);
    for (let ts = at; ts < search; ts += Q) {
      const local = ts + offsetAt(ts);
      const localDay = Math.floor(local / DAY);
      if (local - localDay * DAY === 10 * 4 * Q && dayTypeOf(localDay, holidays) === WORKDAY) {
        return { kind: spec.kind, at: ts };
      }
    }
  }
  return { kind: spec.kind, at };
}

/**
 * The missing periods of a point's readings in [from, to): seeded outages
 * of 2 to 24 hours, at most one per 182-day block (from the epoch) for the
 * site and one for the point, merged and clipped to the range. Gaps that
 * would hide a register event or the reading either side of it are left
 * out.
 */
export function dataGaps(point: DemoDataPoint, site: DemoEntity, options: SeriesOptions): Gap[] {
  checkOptions(point, options);
  const first = firstReadingAt(options.from);
  const end = options.to;
  if (first >= end) return [];
  const event = registerEvent(point, site, options);
  const seed = seedKey(options.seed);
  const candidates: Gap[] = [];
  const sources: [string, number, number][] = [
    [site.key, Stream.siteGap, 0.6],
    [point.key, Stream.pointGap, 0.7],
  ];
  for (const [key, stream, probability] of sources) {
    for (let block = Math.floor(first / GAP_BLOCK); block * GAP_BLOCK < end; block += 1) {
      const random = seededRandom(mix(seed, hashString(key), stream, block));
      if (random() >= probability) continue;
      const start = block * GAP_BLOCK + Math.floor(random() * (GAP_BLOCK / Q)) * Q;
      const quarters = 8 + Math.floor(random() * 89);
      candidates.push({ from: start, to: start + quarters * Q });
    }
  }
  const gaps: Gap[] = [];
  for (const gap of candidates
    .filter((gap) => !event || gap.to <= event.at - Q || gap.from > event.at + Q)
    .map((gap) => ({ from: Math.max(gap.from, first), to: Math.min(gap.to, end) }))
    .filter((gap) => gap.from < gap.to)
    .sort((a, b) => a.from - b.from)) {
    const previous = gaps.at(-1);
    if (previous && gap.from <= previous.to) previous.to = Math.max(previous.to, gap.to);
    else gaps.push(gap);
  }
  return gaps;
}

/** The register value before the first reading. */
function startingRegister(
  point: DemoDataPoint,
  options: SeriesOptions,
  quantity: Float64Array,
  firstIndex: number,
  track: SiteTrack,
  event: RegisterEvent | undefined,
): number {
  if (event?.kind === 'rollover' && point.registerMax !== undefined) {
    // Start where the register passes registerMax + 1 halfway through the quarter hour ending at `event.at`.
    const eventIndex = (event.at - track.start) / Q;
    let total = 0;
    let last = 0;
    for (let index = firstIndex; index <= eventIndex; index += 1) {
      last = quantity[index] ?? 0;
      total += last;
    }
    const span = point.registerMax + 1;
    return (((span - total + last / 2) % span) + span) % span;
  }
  const scale = point.intent === 'electricity' ? 250_000 : point.intent === 'gas' ? 40_000 : 8_000;
  const random = seededRandom(mix(seedKey(options.seed), hashString(point.key), Stream.register));
  return Math.round(scale * (0.15 + 0.85 * random()) * 1000) / 1000;
}

function* chunks(
  point: DemoDataPoint,
  site: DemoEntity,
  options: SeriesOptions,
  trackOf: () => SiteTrack,
): Generator<SeriesChunk> {
  const first = firstReadingAt(options.from);
  const end = options.to;
  if (first >= end) return;
  const gaps = dataGaps(point, site, options);
  const event = registerEvent(point, site, options);
  const track = trackOf();
  const { values: raw, scale } = pointValues(point, site, track);
  const firstIndex = (first - track.start) / Q;

  const factor = ROUNDING[point.unit];
  const cumulative = point.kind === 'cumulative';
  const registerMax = point.registerMax;
  const exchangeAt = event?.kind === 'meter-exchange' ? event.at : Number.NaN;
  let register = cumulative ? startingRegister(point, options, raw, firstIndex, track, event) : 0;
  let gapIndex = 0;
  const times = new Float64Array(WEEK / Q);
  const values = new Float64Array(WEEK / Q);

  for (let chunkStart = first; chunkStart < end; chunkStart += WEEK) {
    const chunkEnd = Math.min(chunkStart + WEEK, end);
    let count = 0;
    for (let ts = chunkStart, index = (chunkStart - track.start) / Q; ts < chunkEnd; ts += Q, index += 1) {
      let value = (raw[index] ?? 0) * scale;
      if (cumulative) {
        // A new meter starts at 0 at the exchange; its first reading holds that quarter hour's energy.
        register = ts === exchangeAt ? value : register + value;
        if (registerMax !== undefined) {
          while (Math.round(register * factor) / factor > registerMax) register -= registerMax + 1;
        }
        value = register;
      }
      let gap = gaps[gapIndex];
      while (gap && gap.to <= ts) {
        gapIndex += 1;
        gap = gaps[gapIndex];
      }
      if (gap && gap.from <= ts) continue;
      times[count] = ts;
      values[count] = Math.round(value * factor) / factor;
      count += 1;
    }
    if (count > 0) yield { ts: times.slice(0, count), values: values.slice(0, count) };
  }
}

/**
 * The readings of `point` (on `site`) at the UTC quarter hours in
 * [from, to), in chunks of one week from the first reading, gaps left out.
 * The result can be iterated more than once; each pass recomputes.
 */
export function generateSeries(
  point: DemoDataPoint,
  site: DemoEntity,
  options: SeriesOptions,
): Iterable<SeriesChunk> {
  checkOptions(point, options);
  if (site.type !== 'site' || !site.timeZone || !site.country || !site.floorAreaM2) {
    throw new Error(`Site ${site.key} needs type 'site', timeZone, country and floorAreaM2`);
  }
  if (!findEntity(site, point.entityKey)) {
    throw new Error(`Data point ${point.key}: entity ${point.entityKey} is not on site ${site.key}`);
  }
  return { [Symbol.iterator]: () => chunks(point, site, options, () => newTrack(site, options)) };
}

/**
 * Every data point of a portfolio with its readings, point by point. The
 * points of a site share one track of the site's weather, occupancy and
 * loads (so the main meter is exactly its parts plus the rest, and the
 * work is done once per site), kept until the generator has moved past
 * the site's last point. Consume each point's chunks before the next
 * point is asked for, or a site's track may be built again.
 */
export function* generatePortfolio(
  options: SeriesOptions,
  portfolio: DemoPortfolio = DEMO_PORTFOLIO,
): Generator<{ point: DemoDataPoint; site: DemoEntity; chunks: Iterable<SeriesChunk> }> {
  const sites = portfolio.dataPoints.map((point) => siteOf(point, portfolio));
  const remaining = new Map<DemoEntity, number>();
  for (const site of sites) remaining.set(site, (remaining.get(site) ?? 0) + 1);
  const shared = new Map<DemoEntity, SiteTrack>();
  try {
    for (const [index, point] of portfolio.dataPoints.entries()) {
      const site = sites[index] as DemoEntity;
      const trackOf = () => {
        let track = shared.get(site);
        if (!track) {
          track = newTrack(site, options);
          if (remaining.get(site)) shared.set(site, track);
        }
        return track;
      };
      checkOptions(point, options);
      yield { point, site, chunks: { [Symbol.iterator]: () => chunks(point, site, options, trackOf) } };
      remaining.set(site, (remaining.get(site) ?? 1) - 1);
      if (remaining.get(site) === 0) shared.delete(site);
    }
  } finally {
    shared.clear();
  }
}
