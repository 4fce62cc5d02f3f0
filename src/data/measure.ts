/** What a figure counts: the readings themselves, what they cost by their tariffs, or the CO2 they brought. */
export type Measure = 'consumption' | 'cost' | 'co2';
