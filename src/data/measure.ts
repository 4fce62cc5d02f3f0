/** What a figure counts: the readings themselves, what they cost by their tariffs, or the CO2 they brought. */
export type Measure = 'consumption' | 'cost' | 'co2';

/** CO2 is said in kilograms, as the tariffs' emission factors give it. */
export const CO2_UNIT = 'kg CO₂';

/** tariffCostAndTime prices at most this many data points in one request (its contract's dataPointIds maxItems). */
export const MAX_PRICED_POINTS = 50;
