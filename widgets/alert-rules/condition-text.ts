import type { TFunction } from 'i18next';
import type { AlertRule } from '../../src/generated/api-types';

/** A rule's condition, hours and cooldown in a sentence: "Over 50 for 30 min (clears under 45)". */
export function conditionText(rule: AlertRule, t: TFunction<'alert-rules'>): string {
  const { condition } = rule;
  const parts: string[] = [];
  if (condition.kind === 'silent') parts.push(t('summary.silent', { minutes: condition.minutes }));
  else {
    parts.push(t(`summary.${condition.kind}`, { value: condition.value }));
    if (condition.forMinutes > 0) parts.push(t('summary.for', { minutes: condition.forMinutes }));
    if (condition.hysteresis > 0) {
      const clears =
        condition.kind === 'above'
          ? condition.value - condition.hysteresis
          : condition.value + condition.hysteresis;
      parts.push(t(`summary.clears.${condition.kind}`, { value: clears }));
    }
  }
  if (rule.activeHours) {
    const days = rule.activeHours.days.map((day) => t(`daysShort.${day}`)).join(' ');
    parts.push(t('summary.hours', { days, from: rule.activeHours.from, to: rule.activeHours.to }));
  }
  if (rule.cooldownMinutes > 0) parts.push(t('summary.cooldown', { minutes: rule.cooldownMinutes }));
  return parts.join(', ');
}
