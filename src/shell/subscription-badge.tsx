import { Badge } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { sessionAtom } from '../session/session-atoms';
import { SUBSCRIPTION_PALETTE, type SubscriptionStatus } from '../session/subscription-status';
import { trialDaysLeft } from '../session/trial-days';

/**
 * The organisation's subscription as it really stands, in words ("Payment
 * overdue", not past_due; "Trial: 9 days left"), linking to billing where it
 * can be put right; the template's badge said "trialing" whatever the state.
 */
export function SubscriptionBadge() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'authorised') return null;
  const subscription = session.user.subscription;
  const status: SubscriptionStatus = subscription?.status ?? 'none';
  const daysLeft = status === 'trialing' ? trialDaysLeft(subscription?.trialEndsAt ?? null) : undefined;
  const words =
    daysLeft === undefined
      ? t(`subscription.${status}`)
      : t('subscription.trialDaysLeft', { count: daysLeft });
  return (
    <Badge colorPalette={SUBSCRIPTION_PALETTE[status]} variant="subtle" asChild flexShrink={0}>
      <RouterLink to="/billing" aria-label={t('subscription.label', { status: words })}>
        {words}
      </RouterLink>
    </Badge>
  );
}
