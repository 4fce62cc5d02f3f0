import { Badge, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { failingDeliveriesQuery, useRetryDelivery } from '../../src/data/alert-channels';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { formatDate } from '../shared/format';

/**
 * The posts the webhooks' receivers refused or never answered, newest
 * first, each with why and when it is tried again (or that it was given
 * up), and a button to post it again now. Nothing shows while none fail.
 */
export function FailingDeliveries() {
  const { t } = useTranslation('alert-channels');
  const deliveries = fromQuery(useQuery(failingDeliveriesQuery()));
  const retry = useRetryDelivery();
  return (
    <DataState state={deliveries} what={t('failing.what')}>
      {({ deliveries: list }) =>
        list.length === 0 ? null : (
          <Stack gap="2" as="section" aria-label={t('failing.heading')}>
            <Heading as="h3" size="sm">
              {t('failing.heading')}
            </Heading>
            {list.map((delivery) => (
              <Stack
                key={delivery.id}
                gap="1"
                borderWidth="1px"
                borderRadius="md"
                p="2"
                data-testid="failing-delivery"
              >
                <HStack justify="space-between" wrap="wrap" gap="2">
                  <Text fontWeight="medium">{delivery.subject}</Text>
                  <Button
                    size="xs"
                    variant="outline"
                    loading={retry.isPending && retry.variables === delivery.id}
                    aria-label={t('failing.retryOne', { subject: delivery.subject })}
                    onClick={() =>
                      retry.mutate(delivery.id, {
                        onSuccess: () => notify.success(t('failing.retried', { subject: delivery.subject })),
                        onError: (error) => notify.warning(error.message),
                      })
                    }
                  >
                    {t('failing.retry')}
                  </Button>
                </HStack>
                <Text fontSize="sm">
                  {t('failing.to', { channel: delivery.channelName })} {delivery.error}
                </Text>
                <HStack gap="2" fontSize="xs" color="fg.muted" wrap="wrap">
                  <Text>{t('failing.tries', { count: delivery.attempts })}</Text>
                  {delivery.nextAttemptAt ? (
                    <Text>{t('failing.next', { at: formatDate(delivery.nextAttemptAt, true) })}</Text>
                  ) : (
                    <Badge colorPalette="red">{t('failing.givenUp')}</Badge>
                  )}
                </HStack>
              </Stack>
            ))}
          </Stack>
        )
      }
    </DataState>
  );
}
