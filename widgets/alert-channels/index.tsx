import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import {
  channelsQuery,
  useCreateChannel,
  useDeleteChannel,
  useTestChannel,
  useUpdateChannel,
} from '../../src/data/alert-channels';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { AlertChannel, ChannelCreateResponse, ChannelTestResponse } from '../../src/generated/api-types';
import { SEVERITY_PALETTE } from '../../src/ui/alert-severity';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { RoleNotice } from '../shared/role-notice';
import { ShownOnce } from '../shared/shown-once';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { ChannelForm } from './channel-form';
import { FailingDeliveries } from './failing-deliveries';

/**
 * The webhooks alerts are posted to. Their addresses may carry a receiver's
 * token, so they are an editor's to see and change; other members are told
 * whom to ask, and the webhooks are not even asked for.
 */
export default function AlertChannels(props: WidgetProps<'alert-channels'>) {
  const { t } = useTranslation('alert-channels');
  if (useCan('channel')) return <ChannelsPanel {...props} />;
  return <RoleNotice heading={props.data.heading ?? t('heading')} note={t('askEditor')} />;
}

function ChannelsPanel({ data }: WidgetProps<'alert-channels'>) {
  const { t } = useTranslation('alert-channels');
  const channels = fromQuery(useQuery(channelsQuery()));
  const create = useCreateChannel();
  const update = useUpdateChannel();
  const remove = useDeleteChannel();
  const test = useTestChannel();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<ChannelCreateResponse>();
  const heading = data.heading ?? t('heading');

  const failed = (error: Error) => notify.warning(error.message);
  const tested = (channel: AlertChannel, answer: ChannelTestResponse) => {
    if (answer.ok) notify.success(t('test.ok', { name: channel.name, status: answer.status }));
    else if (answer.status !== null)
      notify.warning(t('test.refused', { name: channel.name, status: answer.status }));
    else notify.warning(t('test.unreached', { name: channel.name, why: answer.message }));
  };
  const switchOver = (channel: AlertChannel) => {
    const { id, name, url, minSeverity, enabled } = channel;
    update.mutate(
      { id, name, url, minSeverity, enabled: !enabled },
      {
        onSuccess: () => notify.success(t(enabled ? 'switchedOff' : 'switchedOn', { name })),
        onError: failed,
      },
    );
  };
  const deleteChannel = (channel: AlertChannel) => {
    if (!window.confirm(t('deleteQuestion', { name: channel.name }))) return;
    remove.mutate(
      { id: channel.id },
      { onSuccess: () => notify.success(t('deleted', { name: channel.name })), onError: failed },
    );
  };

  return (
    <Stack as="section" aria-label={heading} gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {heading}
        </Heading>
        {adding ? null : (
          <Button size="sm" onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        )}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      {adding ? (
        <ChannelForm
          saving={create.isPending}
          error={create.error}
          onCancel={() => {
            create.reset();
            setAdding(false);
          }}
          onSave={(fields) =>
            create.mutate(fields, {
              onSuccess: (answer) => {
                setCreated(answer);
                setAdding(false);
              },
            })
          }
        />
      ) : null}
      {created ? (
        <ShownOnce
          secret={created.secret}
          testId="webhook-secret"
          onDone={() => setCreated(undefined)}
          words={{
            label: t('secret.label', { name: created.channel.name }),
            warning: t('secret.warning'),
            copy: t('secret.copy'),
            copied: t('secret.copied'),
            copyRefused: t('secret.copyRefused'),
            done: t('secret.done'),
          }}
        >
          <Text fontSize="sm">{t('secret.howToCheck')}</Text>
        </ShownOnce>
      ) : null}
      <DataState state={channels} what={t('what')}>
        {({ channels: list }) =>
          list.length === 0 ? (
            <Text>{t('empty')}</Text>
          ) : (
            <Table.ScrollArea css={STACKING_CONTAINER}>
              <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('url')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('takes')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('state')}</Table.ColumnHeader>
                    <Table.ColumnHeader />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((channel) => (
                    <Table.Row
                      key={channel.id}
                      data-testid="webhook"
                      color={channel.enabled ? undefined : 'fg.muted'}
                    >
                      <Table.Cell fontWeight="medium">{channel.name}</Table.Cell>
                      <Table.Cell data-label={t('url')} maxW="18rem" whiteSpace="normal">
                        <Text as="span" fontFamily="mono" fontSize="xs" wordBreak="break-all">
                          {channel.url}
                        </Text>
                      </Table.Cell>
                      <Table.Cell data-label={t('takes')}>
                        <Badge colorPalette={SEVERITY_PALETTE[channel.minSeverity]}>
                          {t(`from.${channel.minSeverity}`)}
                        </Badge>
                      </Table.Cell>
                      <Table.Cell data-label={t('state')}>
                        <HStack gap="1" wrap="wrap">
                          <Badge colorPalette={channel.enabled ? 'green' : undefined}>
                            {t(channel.enabled ? 'on' : 'off')}
                          </Badge>
                          {channel.failing > 0 ? (
                            <Badge colorPalette="red" variant="solid">
                              {t('failingCount', { count: channel.failing })}
                            </Badge>
                          ) : null}
                        </HStack>
                      </Table.Cell>
                      <Table.Cell textAlign="end">
                        <HStack gap="1" justify="end">
                          <Button
                            size="xs"
                            variant="outline"
                            loading={test.isPending && test.variables === channel.id}
                            aria-label={t('test.one', { name: channel.name })}
                            onClick={() =>
                              test.mutate(channel.id, {
                                onSuccess: (answer) => tested(channel, answer),
                                onError: failed,
                              })
                            }
                          >
                            {t('test.button')}
                          </Button>
                          <Button
                            size="xs"
                            variant="outline"
                            disabled={update.isPending}
                            aria-label={t(channel.enabled ? 'switchOffOne' : 'switchOnOne', {
                              name: channel.name,
                            })}
                            onClick={() => switchOver(channel)}
                          >
                            {t(channel.enabled ? 'switchOff' : 'switchOn')}
                          </Button>
                          <Button
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            disabled={remove.isPending}
                            aria-label={t('deleteOne', { name: channel.name })}
                            onClick={() => deleteChannel(channel)}
                          >
                            {t('delete')}
                          </Button>
                        </HStack>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )
        }
      </DataState>
      <FailingDeliveries />
    </Stack>
  );
}
