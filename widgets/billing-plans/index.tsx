import { Badge, Button, Card, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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

const PLANS: { plan: BillingCheckoutRequest['plan']; name: 'Professional' | 'Advanced'; summary: string }[] =
  [
    {
      plan: 'PRO',
      name: 'Professional',
      summary: 'Sites, data feeds, the data explorer and reports for one team.',
    },
    {
      plan: 'ADVANCE',
      name: 'Advanced',
      summary: 'Everything in Professional, with tariffs, floor plans and integrations.',
    },
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
  const { t } = useTranslation();
  const state = useApiData(
    () =>
      organisationId === null
        ? Promise.reject(new Error('create an organisation first'))
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
        {data.heading ?? 'Choose your plan'}
      </Heading>
      <DataState state={state} what="Your subscription">
        {({ subscription }) => (
          <Stack gap="4">
            <Text>
              Subscription:{' '}
              <Badge colorPalette={SUBSCRIPTION_PALETTE[subscription.status]}>
                {t(`subscription.${subscription.status}`)}
              </Badge>
              {subscription.plan ? ` · ${subscription.plan.product.name}` : ''}
            </Text>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {PLANS.map(({ plan, name, summary }) => {
                const current = subscription.status === 'active' && subscription.plan?.product.name === name;
                return (
                  <Card.Root key={plan} variant="outline">
                    <Card.Body gap="2">
                      <Card.Title>{name}</Card.Title>
                      <Card.Description>{summary}</Card.Description>
                    </Card.Body>
                    {canChoose ? (
                      <Card.Footer>
                        <Button
                          colorPalette="brand"
                          disabled={current}
                          loading={choosing === plan}
                          onClick={() => choose(plan)}
                          aria-label={`Choose ${name}`}
                        >
                          {current ? 'Your plan' : `Choose ${name}`}
                        </Button>
                      </Card.Footer>
                    ) : null}
                  </Card.Root>
                );
              })}
            </SimpleGrid>
            {canChoose ? null : (
              <Text fontSize="sm" color="fg.muted">
                Admins of your organisation choose and change its plan; ask one if you need another.
              </Text>
            )}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}
