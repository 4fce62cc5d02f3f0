import { Badge } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { sessionAtom } from '../session/session-atoms';
import { SUBSCRIPTION_PALETTE, type SubscriptionStatus } from '../session/subscription-status';

/**
 * The organisation's subscription as it really stands, in words ("Payment
 * overdue", not past_due), linking to billing where it can be put right;
 * the template's badge said "trialing" whatever the state.
 */
export function SubscriptionBadge() {
  const { t } = useTranslation();
  const session = useAtomValue(sessionAtom);
  if (session.status !== 'authorised') return null;
  const status = (session.user.subscription?.status ?? 'none') as SubscriptionStatus;
  const words = t(`subscription.${status}`);
  return (
    <Badge colorPalette={SUBSCRIPTION_PALETTE[status]} variant="subtle" asChild flexShrink={0}>
      <RouterLink to="/billing" aria-label={t('subscription.label', { status: words })}>
        {words}
      </RouterLink>
    </Badge>
  );
}
