/** Intl.NumberFormat's limit everywhere; a double holds no more than 17 significant digits anyway. */
const MAX_DECIMALS = 20;

/**
 * The decimals a number was written with, as the number reader takes it:
 * "1.500" 3, "12" 0, "-0,25" 2; an exponent moves them ("1.5e-3" 4, "1.5e3" 0).
 */
export function writtenDecimals(text: string, separator: '.' | ','): number {
  const trimmed = text.trim();
  const e = trimmed.search(/[eE]/);
  const mantissa = e < 0 ? trimmed : trimmed.slice(0, e);
  const exponent = e < 0 ? 0 : Number(trimmed.slice(e + 1));
  const point = mantissa.indexOf(separator);
  const fraction = point < 0 ? 0 : mantissa.length - point - 1;
  return Math.min(MAX_DECIMALS, Math.max(0, fraction - exponent));
}

/**
 * The decimals that keep a written value's precision once converted with
 * `scale` (unitScale): a unit a power of ten apart moves them by that power
 * (1234.5 Wh is 1.2345 kWh, 1.5 kWh is 1500 Wh), another factor by the places
 * it moves the first digit (70.5 °F, scale 5/9, is 21.39 °C).
 */
export function convertedDecimals(decimals: number, scale: number): number {
  const power = Math.log10(Math.abs(scale));
  // log10 of 0.001 may come out a hair off -3; a power of ten moves exactly that many places.
  const places = Math.abs(power - Math.round(power)) < 1e-9 ? Math.round(power) : Math.floor(power);
  return Math.min(MAX_DECIMALS, Math.max(0, decimals - places));
}
