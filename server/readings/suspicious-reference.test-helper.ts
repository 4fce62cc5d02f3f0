/**
 * A brute-force reference for the suspicious steps of a register, written from
 * the rules in suspicious-steps.ts's comments rather than from its code: for
 * every step, the rises among the 96 steps before it are gathered and sorted
 * afresh, where the product keeps one sorted window as it goes.
 */
import { type ReferenceReading, referenceGap } from './register-reference.test-helper';

export interface ReferenceSuspicion {
  from: number;
  to: number;
  kind: 'spike' | 'drop' | 'gap';
  /** Per hour; null below eight rises. */
  typicalRate: number | null;
}

/** The rules' numbers, as the module's comments state them. */
const HISTORY = 96;
const MIN_RISES = 8;
const FACTOR = 10;
const HOURS = 24;

/** The suspicious steps of a register as referenceRegister() gives it, in time order. */
export function referenceSuspicious(register: ReferenceReading[]): ReferenceSuspicion[] {
  const used = (index: number) => (register[index]?.used as number) / 1000;
  const hours = (index: number) =>
    ((register[index + 1]?.ts as number) - (register[index]?.ts as number)) / 3_600_000;
  const found: ReferenceSuspicion[] = [];
  for (let index = 0; index < register.length - 1; index++) {
    const rises: number[] = [];
    for (let before = Math.max(0, index - HISTORY); before < index; before++) {
      if (register[before]?.step === 'normal' && used(before) > 0) rises.push(used(before) / hours(before));
    }
    rises.sort((a, b) => a - b);
    const middle = Math.floor(rises.length / 2);
    const typicalRate =
      rises.length < MIN_RISES
        ? null
        : rises.length % 2 === 1
          ? (rises[middle] as number)
          : ((rises[middle - 1] as number) + (rises[middle] as number)) / 2;
    const rate = used(index) / hours(index);
    const spike = typicalRate !== null && rate > FACTOR * typicalRate && used(index) > HOURS * typicalRate;
    const reading = register[index] as ReferenceReading;
    const next = register[index + 1] as ReferenceReading;
    const gap = referenceGap(register, index);
    if (reading.step === 'drop' || gap || spike) {
      found.push({
        from: reading.ts,
        to: next.ts,
        kind: reading.step === 'drop' ? 'drop' : gap ? 'gap' : 'spike',
        typicalRate,
      });
    }
  }
  return found;
}
