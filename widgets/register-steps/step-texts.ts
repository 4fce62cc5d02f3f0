import type { TFunction } from 'i18next';
import type { RegisterStep } from '../../src/generated/api-types';
import { formatValue } from '../shared/format';

const HOUR = 3_600_000;

/** What the register did, in words: the drop, the rise across a gap, or the rise against the usual rate. */
export function happened(step: RegisterStep, t: TFunction): string {
  if (step.kind === 'gap') {
    return t('gap', { used: formatValue(step.used, step.unit), duration: duration(step, t) });
  }
  if (step.kind === 'drop') {
    return t('drop', {
      from: formatValue(step.fromValue, step.unit),
      to: formatValue(step.toValue, step.unit),
    });
  }
  const times = step.typicalRate ? step.rate / step.typicalRate : null;
  return t('spike', {
    used: formatValue(step.used, step.unit),
    times: formatValue(times, undefined, 0),
  });
}

/** What the step books now, as its status says. */
export function bookedAs(step: RegisterStep, t: TFunction): string {
  const used = formatValue(step.used, step.unit);
  if (step.status === 'excluded') return t('bookedNothing');
  // Use reported after a gap is neither rolled up nor priced until someone says where it belongs.
  if (step.status === 'open' && step.kind === 'gap') return t('bookedUntilDecided');
  if (step.status !== 'spread') return t('bookedAsSent', { used });
  return t('bookedSpread', { used, duration: duration(step, t) });
}

/** The time between the step's readings: hours up to two days, days beyond. */
function duration(step: RegisterStep, t: TFunction): string {
  const hours = (Date.parse(step.to) - Date.parse(step.from)) / HOUR;
  return hours < 48
    ? t('hours', { number: formatValue(hours, undefined, hours % 1 === 0 ? 0 : 1) })
    : t('days', { number: formatValue(hours / 24, undefined, 0) });
}
