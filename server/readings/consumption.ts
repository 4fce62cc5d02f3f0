/**
 * What happened between two readings of a cumulative register. A drop is a
 * rollover or a reset only when it looks like one; any other drop ('drop') is
 * implausible on its face (a misread, or a new meter that did not start near
 * zero) and is flagged for someone to decide (suspicious-steps.ts).
 */
export type RegisterStep = 'normal' | 'reset' | 'rollover' | 'drop';

/**
 * A register that drops from this close to its top to this close to zero has
 * rolled over; one that drops to this close to zero from anywhere else was
 * reset (a cleared counter, or a new meter starting from zero).
 */
const ROLLOVER_BAND = 0.1;

/**
 * Consumption between two readings of a cumulative register.
 *
 * - Up (or level): the difference.
 * - Down from the top band to the bottom band of the register's range: a rollover;
 *   what was used is the rest of the range plus the new reading. The range is
 *   registerMax when the data point declares it, otherwise the next power of ten
 *   above the earlier reading (a six-digit register wraps at 1 000 000).
 * - Down to the bottom band from anywhere else: a reset to zero; what was used
 *   since is the new reading (the convention of Home Assistant's and most
 *   meter-data tools).
 * - Any other drop: neither ('drop'). It is booked as a reset all the same, as
 *   before this was told apart, until someone decides (register_steps).
 */
export function registerStep(
  earlier: number,
  later: number,
  registerMax: number | null,
): { used: number; step: RegisterStep } {
  if (later >= earlier) return { used: roundOff(later - earlier), step: 'normal' };
  const range = registerMax ?? inferredRange(earlier);
  const nearTop = earlier >= range * (1 - ROLLOVER_BAND) && earlier <= range;
  const nearZero = later >= 0 && later <= range * ROLLOVER_BAND;
  if (nearTop && nearZero) return { used: roundOff(range - earlier + later), step: 'rollover' };
  return { used: Math.max(later, 0), step: nearZero ? 'reset' : 'drop' };
}

/**
 * The range of a register with just enough digits to show the reading: the
 * next power of ten above it, so 999 999 is on six digits and 1 000 000 on seven.
 * (Through a logarithm, 1 000 000 and above came out as their own range: log10 gives exactly 6.)
 */
function inferredRange(reading: number): number {
  let range = 10;
  while (range <= reading) range *= 10;
  return range;
}

/** Differences of decimals such as 1000000 − 999999.9 carry binary noise; meters never read finer than 1e-9. */
function roundOff(value: number): number {
  return Math.round(value * 1e9) / 1e9;
}

export interface Deltas {
  deltas: (number | null)[];
  resets: number;
  rollovers: number;
  /** Drops that are neither a reset nor a rollover. */
  drops: number;
}

/**
 * The delta of each reading of a register, in time order: what was used from it
 * to the next one. The last has none until a later reading arrives.
 */
export function registerDeltas(values: ArrayLike<number>, registerMax: number | null): Deltas {
  const deltas: (number | null)[] = new Array(values.length);
  let resets = 0;
  let rollovers = 0;
  let drops = 0;
  for (let index = 0; index < values.length - 1; index++) {
    const { used, step } = registerStep(values[index] as number, values[index + 1] as number, registerMax);
    deltas[index] = used;
    if (step === 'reset') resets++;
    else if (step === 'rollover') rollovers++;
    else if (step === 'drop') drops++;
  }
  if (values.length > 0) deltas[values.length - 1] = null;
  return { deltas, resets, rollovers, drops };
}
