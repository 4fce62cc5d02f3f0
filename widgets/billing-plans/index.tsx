import { Badge, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useApiData } from '../../src/api/use-api-data';
import { useCan } from '../../src/auth/use-can';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { BillingCheckoutRequest } from '../../src/generated/api-types';
import { useAccountActions } from '../../src/session/account-actions';
import { sessionAtom } from '../../src/session/session-atoms';
import { SUBSCRIPTION_PALETTE } from '../../src/session/subscription-status';
import { notify } from '../../src/ui/toaster';
import { DataState } from '../shared/data-state';

/** The plans by product name, as the subscription names them; each one's summary is `plans.<plan>`. */
const PLANS: { plan: BillingCheckoutRequest['plan']; name: 'Professional' | 'Advanced' }[] = [
  { plan: 'PRO', name: 'Professional' },
  { plan: 'ADVANCE', name: 'Advanced' },
];

/**
 * The subscription's state and the plans; choosing one activates it, or opens
 * the payment page. Choosing is an admin's; other roles see the plans and are
 * told whom to ask.
 */
export default function BillingPlans({ data }: WidgetProps<'billing-plans'>) {
  const session = useAtomValue(sessionAtom);
  const organisationId = session.status === 'authorised' ? session.user.organisationId : null;
  const { loadAccount } = useAccountActions();
  const [choosing, setChoosing] = useState<string>();
  const canChoose = useCan('billingCheckout');
  const { t } = useTranslation('billing-plans');
  // The subscription's states are the shell's words, as the top bar's badge shows them.
  const { t: shellText } = useTranslation();
  const state = useApiData(
    () =>
      organisationId === null
        ? Promise.reject(new Error(t('noOrganisation')))
        : api.billing({ orgId: organisationId }),
    organisationId,
  );

  const choose = async (plan: BillingCheckoutRequest['plan']) => {
    if (organisationId === null) return;
    setChoosing(plan);
    try {
      const result = await api.billingCheckout({ orgId: organisationId, plan });
      if (result.checkoutUrl) {
        window.location.assign(result.checkoutUrl);
        return;
      }
      await loadAccount({ redirect: true });
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setChoosing(undefined);
    }
  };

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <DataState state={state} what={t('what')}>
        {({ subscription }) => (
          <Stack gap="4">
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
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {PLANS.map(({ plan, name }) => {
                const current = subscription.status === 'active' && subscription.plan?.product.name === name;
                return (
                  <Card.Root key={plan} variant="outline">
                    <Card.Body gap="2">
                      <Card.Title>{name}</Card.Title>
                      <Card.Description>{t(`plans.${plan}`)}</Card.Description>
                    </Card.Body>
                    {canChoose ? (
                      <Card.Footer>
                        <Button
                          colorPalette="brand"
                          disabled={current}
                          loading={choosing === plan}
                          onClick={() => choose(plan)}
                          aria-label={t('choose', { plan: name })}
                        >
                          {current ? t('yourPlan') : t('choose', { plan: name })}
                        </Button>
                      </Card.Footer>
                    ) : null}
                  </Card.Root>
                );
              })}
            </SimpleGrid>
            {canChoose ? null : (
              <Text fontSize="sm" color="fg.muted">
                {t('askAdmin')}
              </Text>
            )}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}
