import { Badge, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { Trans, useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { BillingCheckoutRequest, BillingResponse } from '../../src/generated/api-types';
import { useAccountActions } from '../../src/session/account-actions';
import { sessionAtom } from '../../src/session/session-atoms';
import { SUBSCRIPTION_PALETTE } from '../../src/session/subscription-status';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { formatDate } from '../shared/format';
import { PlanCard } from './plan-card';
import { UsageMeters } from './usage-meters';

/** The states in which the plan named is the one in use (the server's terms hold in them too). */
const IN_USE = new Set<BillingResponse['subscription']['status']>(['active', 'trialing', 'past_due']);

/**
 * The subscription's state and what to do next, how much of the plan is in
 * use, and the plans with their prices and limits; choosing one activates
 * it, or opens the payment page. Choosing is an admin's; other roles see the
 * plans and are told whom to ask.
 */
export default function BillingPlans({ data }: WidgetProps<'billing-plans'>) {
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  const { loadAccount } = useAccountActions();
  const canChoose = useCan('billingCheckout');
  const { t } = useTranslation('billing-plans');
  const state = fromQuery(
    useScreenQuery(
      'billing-plans',
      () =>
        organisationId === null
          ? Promise.reject(new Error(t('noOrganisation')))
          : api.billing({ orgId: organisationId }),
      organisationId,
    ),
  );

  // Choosing ends on the payment page, or for a plan active at once with the account loaded again, which moves
  // on to the start page: the plan's button stays busy until then.
  const checkout = useScreenMutation(
    async (request: BillingCheckoutRequest) => {
      const { checkoutUrl } = await api.billingCheckout(request);
      if (checkoutUrl) window.location.assign(checkoutUrl);
      else await loadAccount({ redirect: true });
    },
    ['billing-plans'],
  );
  const choosing = checkout.isPending ? checkout.variables.plan : undefined;
  const choose = (plan: BillingCheckoutRequest['plan']) => {
    if (organisationId === null) return;
    checkout.mutate({ orgId: organisationId, plan }, { onError: (error) => notify.warning(error.message) });
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ subscription, plans, usage }) => {
          const inUse = IN_USE.has(subscription.status) ? subscription.plan?.product.name : undefined;
          const currentTerms = plans.find((terms) => terms.name === inUse);
          return (
            <Stack gap="5">
              <SubscriptionState subscription={subscription} />
              {currentTerms ? <UsageMeters usage={usage} limits={currentTerms.limits} /> : null}
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                {plans.map((terms) => (
                  <PlanCard
                    key={terms.code}
                    terms={terms}
                    usage={usage}
                    current={terms.name === inUse}
                    canChoose={canChoose}
                    choosing={choosing === terms.code}
                    onChoose={() => choose(terms.code)}
                  />
                ))}
              </SimpleGrid>
              {canChoose ? null : (
                <Text fontSize="sm" color="fg.muted">
                  {t('askAdmin')}
                </Text>
              )}
            </Stack>
          );
        }}
      </DataState>
    </Stack>
  );
}

/** "Subscription: Trial · Advanced", then in a sentence what it means and what to do. */
function SubscriptionState({ subscription }: { subscription: BillingResponse['subscription'] }) {
  const { t } = useTranslation('billing-plans');
  // The subscription's states are the shell's words, as the top bar's badge shows them.
  const { t: shellText } = useTranslation();
  const status = subscription.plan || subscription.status !== 'incomplete' ? subscription.status : 'none';
  return (
    <Stack gap="1">
      <Text>
        <Trans
          t={t}
          i18nKey={subscription.plan ? 'subscriptionWithPlan' : 'subscription'}
          values={{
            status: shellText(`subscription.${subscription.status}`),
            plan: subscription.plan?.product.name,
          }}
          components={{ badge: <Badge colorPalette={SUBSCRIPTION_PALETTE[subscription.status]} /> }}
        />
      </Text>
      <Text color="fg.muted" fontSize="sm">
        {shellText(`subscription.nextStep.${status}`, { date: formatDate(subscription.trialEndsAt, false) })}
      </Text>
    </Stack>
  );
}
