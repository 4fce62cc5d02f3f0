import type { ApiErrorBody } from '../generated/api-types';
import { i18next } from '../i18n/i18n';

export type PlanLimit = NonNullable<ApiErrorBody['planLimit']>;

/**
 * A plan's refusal (402) in the person's language, from the parts the server
 * sends: what the plan allows, then the plan that allows more, or what to do
 * when none does.
 */
export function planLimitText({ what, plan, limit, liftedBy }: PlanLimit): string {
  const t = i18next.t.bind(i18next);
  const said =
    plan === null
      ? t('planLimit.noPlan')
      : limit === null
        ? t('planLimit.feature', { feature: t(`planFeatures.${what}`), plan })
        : t(`planLimit.${what}`, { count: limit, plan });
  const next = liftedBy ? t('planLimit.liftedBy', { plan: liftedBy }) : t('planLimit.remove');
  return `${said} ${next}`;
}
