import type { TFunction } from 'i18next';

/** The intents of dataPointIntents, which the shared strings name in every language. */
const KNOWN_INTENTS = new Set([
  'electricity',
  'gas',
  'water',
  'heat',
  'temperature',
  'outdoorTemperature',
  'humidity',
  'co2',
  'occupancy',
  'other',
]);

/**
 * An intent as a heading names it: "Electricity". `t` reads the shared
 * strings; an intent the catalogue does not know is shown as written.
 */
export function intentName(t: TFunction, intent: string): string {
  if (!KNOWN_INTENTS.has(intent)) return intent.charAt(0).toUpperCase() + intent.slice(1);
  return t(`intents.${intent}.name`);
}

/**
 * An intent inside a sentence: "electricity" in "No electricity data points",
 * "d’électricité" in French, the genitive in Russian.
 */
export function intentInline(t: TFunction, intent: string): string {
  if (!KNOWN_INTENTS.has(intent)) return intent;
  return t(`intents.${intent}.inline`);
}
