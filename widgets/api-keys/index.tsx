import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { usePlanAllows } from '../../src/auth/use-plan-allows';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { useScreenQuery } from '../../src/data/screen-query';
import type { WidgetProps } from '../../src/engine/widget-types';
import { api } from '../../src/generated/api-client';
import type { ApiKey, RestApiCreateResponse } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { FormField, formText } from '../shared/form-field';
import { formatDate } from '../shared/format';
import { PlanOffer } from '../shared/plan-offer';
import { RoleNotice } from '../shared/role-notice';
import { NewKeySecret } from './new-key-secret';

/**
 * API keys for pushing readings over REST: create (the secret shown once),
 * list, revoke. Keys are an admin's to manage; other roles are told whom to
 * ask, and the keys are not even asked for.
 */
export default function ApiKeys(props: WidgetProps<'api-keys'>) {
  const { t } = useTranslation('api-keys');
  const canManage = useCan('restApi');
  if (canManage) return <ApiKeysPanel {...props} />;
  return <RoleNotice heading={props.data.heading ?? t('heading')} note={t('askAdmin')} />;
}

function ApiKeysPanel({ data }: WidgetProps<'api-keys'>) {
  const { t } = useTranslation('api-keys');
  const state = fromQuery(useScreenQuery('api-keys', () => api.restApi()));
  const createKey = useScreenMutation(api.restApiCreate, ['api-keys']);
  const revokeKey = useScreenMutation(api.restApiRevoke, ['api-keys']);
  const [created, setCreated] = useState<RestApiCreateResponse>();
  const baseUrl = data.baseUrl ?? window.location.origin;
  const plan = usePlanAllows('restApiCreate');

  const create = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    createKey.mutate(
      { name: formText(form, 'name') },
      {
        onSuccess: (answer) => {
          setCreated(answer);
          form.reset();
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  const revoke = (key: ApiKey) => {
    if (!window.confirm(t('revokeQuestion', { name: key.name }))) return;
    revokeKey.mutate(
      { id: key.id },
      {
        onSuccess: () => notify.success(t('revoked', { name: key.name })),
        onError: (error) => notify.warning(error.message),
      },
    );
  };

  return (
    <Stack gap="5">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      {created ? (
        <NewKeySecret created={created} baseUrl={baseUrl} onDone={() => setCreated(undefined)} />
      ) : null}
      {plan.allowed ? (
        <form onSubmit={create} aria-label={t('create.form')}>
          <HStack align="end" maxW="lg">
            <FormField
              label={t('create.name')}
              name="name"
              required
              maxLength={100}
              placeholder={t('create.namePlaceholder')}
            />
            <Button type="submit" loading={createKey.isPending}>
              {t('create.submit')}
            </Button>
          </HStack>
        </form>
      ) : (
        <PlanOffer feature="apiKeys" plan={plan.plan} upgrade={plan.upgrade} />
      )}
      <DataState state={state} what={t('what')}>
        {({ keys }) =>
          keys.length > 0 ? (
            <KeysTable keys={keys} onRevoke={revoke} />
          ) : plan.allowed ? (
            // "Create a key above" only where there is a form above.
            <NoKeys />
          ) : null
        }
      </DataState>
    </Stack>
  );
}

function KeysTable({ keys, onRevoke }: { keys: ApiKey[]; onRevoke: (key: ApiKey) => void }) {
  const { t } = useTranslation('api-keys');
  return (
    <Table.Root size="sm">
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('table.name')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.key')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.created')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.lastUsed')}</Table.ColumnHeader>
          <Table.ColumnHeader />
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {keys.map((key) => (
          <Table.Row key={key.id} color={key.revokedAt ? 'fg.muted' : undefined}>
            <Table.Cell>{key.name}</Table.Cell>
            <Table.Cell fontFamily="mono">{key.prefix}…</Table.Cell>
            <Table.Cell>{formatDate(key.createdAt, false)}</Table.Cell>
            <Table.Cell>{key.lastUsedAt ? formatDate(key.lastUsedAt, true) : t('table.never')}</Table.Cell>
            <Table.Cell textAlign="end">
              {key.revokedAt ? (
                <Badge colorPalette="red">
                  {t('table.revokedOn', { date: formatDate(key.revokedAt, false) })}
                </Badge>
              ) : (
                <Button size="xs" variant="ghost" colorPalette="red" onClick={() => onRevoke(key)}>
                  {t('table.revoke')}
                </Button>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function NoKeys() {
  const { t } = useTranslation('api-keys');
  return <EmptyNotice title={t('empty.title')} description={t('empty.description')} />;
}
