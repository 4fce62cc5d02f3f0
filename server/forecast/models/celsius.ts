/**
 * Outdoor temperatures on Earth stay within these bounds (the records are −89 °C and 57 °C); a reading
 * outside them is a fault or a different unit, never weather to fit a model to.
 */
export const PLAUSIBLE_CELSIUS = { min: -60, max: 60 } as const;

export function isPlausibleCelsius(value: number | null | undefined): value is number {
  return (
    value !== null && value !== undefined && value >= PLAUSIBLE_CELSIUS.min && value <= PLAUSIBLE_CELSIUS.max
  );
}
