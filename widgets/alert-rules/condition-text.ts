import type { TFunction } from 'i18next';
import type { AlertCondition, AlertRule } from '../../src/generated/api-types';

/** A rule's condition, hours and cooldown in a sentence: "Over 50 for 30 min (clears under 45)". */
export function conditionText(rule: AlertRule, t: TFunction<'alert-rules'>): string {
  const parts = conditionParts(rule.condition, t);
  if (rule.activeHours) {
    const days = daysText(rule.activeHours.days, t);
    parts.push(t('summary.hours', { days, from: rule.activeHours.from, to: rule.activeHours.to }));
  }
  if (rule.cooldownMinutes > 0) parts.push(t('summary.cooldown', { minutes: rule.cooldownMinutes }));
  return parts.join(', ');
}

/** What the condition watches for, in words: 'Over 50', 'for 30 min', 'clears under 45'. */
function conditionParts(condition: AlertCondition, t: TFunction<'alert-rules'>): string[] {
  switch (condition.kind) {
    case 'silent':
      return [t('summary.silent', { minutes: condition.minutes })];
    case 'flow':
      return [t('summary.flow', { count: condition.nodes.length })];
    case 'rises':
    case 'falls':
      return [t(`summary.${condition.kind}`, { value: condition.perHour })];
    case 'budget':
      return [t(`summary.budget.${condition.measure}.${condition.period}`, { value: condition.limit })];
    case 'flaggedStep':
      return [t('summary.flaggedStep')];
    case 'baseline':
      return [
        condition.against === 'keptModel'
          ? t(`summary.baselineModel.${condition.direction}`, { percent: condition.percent })
          : t(`summary.baseline.${condition.direction}`, {
              percent: condition.percent,
              weeks: condition.weeks,
            }),
      ];
    case 'above':
    case 'below': {
      const parts = [t(`summary.${condition.kind}`, { value: condition.value })];
      if (condition.forMinutes > 0) parts.push(t('summary.for', { minutes: condition.forMinutes }));
      if (condition.hysteresis > 0) {
        const clears =
          condition.kind === 'above'
            ? condition.value - condition.hysteresis
            : condition.value + condition.hysteresis;
        parts.push(t(`summary.clears.${condition.kind}`, { value: clears }));
      }
      return parts;
    }
  }
}

/** Days as runs: "every day", "Mon–Fri", "Mon Wed Fri", "Sat–Sun". */
function daysText(days: readonly number[], t: TFunction<'alert-rules'>): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 7) return t('everyDay');
  const runs: number[][] = [];
  for (const day of sorted) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${t(`daysShort.${run[0]}`)}–${t(`daysShort.${run.at(-1)}`)}`]
        : run.map((day) => t(`daysShort.${day}`)),
    )
    .join(' ');
}
