import { Badge, Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { thresholdsQuery, useCreateRule, useDeleteRule, useUpdateRule } from '../../src/data/alerts';
import { pointSearchQuery } from '../../src/data/point-search';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { AlertRule, ExplorerDataPoint } from '../../src/generated/api-types';
import { SEVERITY_PALETTE } from '../../src/ui/alert-severity';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { conditionText } from './condition-text';
import { draftOf, fieldsOf, NEW_RULE, type RuleDraft } from './rule-draft';
import { RuleForm } from './rule-form';

const STATE_PALETTE = { normal: 'green', pending: 'yellow', firing: 'red' } as const;

/**
 * The organisation's alert rules: a table every member reads, and for
 * editors and up a form to add one, and buttons to change, switch off or
 * delete each (the server holds the same line).
 */
export default function AlertRules({ data }: WidgetProps<'alert-rules'>) {
  const { t } = useTranslation('alert-rules');
  const rulesQuery = useQuery(thresholdsQuery());
  const rules = fromQuery(rulesQuery);
  const canEdit = useCan('thresholdCreate');
  const points = useQuery({ ...pointSearchQuery({}), enabled: canEdit });
  const create = useCreateRule();
  const update = useUpdateRule();
  const remove = useDeleteRule();
  const [editing, setEditing] = useState<AlertRule | 'new' | null>(null);
  useOpenedFromBuilder(canEdit ? rulesQuery.data?.rules : undefined, setEditing);
  const heading = data.heading ?? t('heading');

  const saved = (name: string) => {
    notify.success(t('saved', { name }));
    setEditing(null);
  };
  const save = (draft: RuleDraft) => {
    const fields = fieldsOf(draft);
    const failed = (error: Error) => notify.warning(error.message);
    if (editing === 'new') create.mutate(fields, { onSuccess: () => saved(fields.name), onError: failed });
    else if (editing) {
      update.mutate({ id: editing.id, ...fields }, { onSuccess: () => saved(fields.name), onError: failed });
    }
  };
  const deleteRule = (rule: AlertRule) => {
    if (!window.confirm(t('deleteQuestion', { name: rule.name }))) return;
    remove.mutate(
      { id: rule.id },
      {
        onSuccess: () => notify.success(t('deleted', { name: rule.name })),
        onError: (error) => notify.warning(error.message),
      },
    );
  };

  return (
    <Stack as="section" aria-label={heading} gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md">
          {heading}
        </Heading>
        {canEdit && editing === null ? (
          <Button size="sm" onClick={() => setEditing('new')}>
            {t('add')}
          </Button>
        ) : null}
      </HStack>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      {points.isError ? (
        // The form offers the organisation's points: without them, no rule can be added or changed.
        <DataState state={fromQuery(points)} what={t('pointsWhat')}>
          {() => null}
        </DataState>
      ) : null}
      {editing !== null ? (
        <RuleForm
          key={editing === 'new' ? 'new' : editing.id}
          initial={editing === 'new' ? NEW_RULE : draftOf(editing)}
          points={pointsOf(points.data)}
          saving={create.isPending || update.isPending}
          submitLabel={editing === 'new' ? t('form.create') : t('form.save')}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      ) : null}
      <DataState state={rules} what={t('what')}>
        {({ rules: list }) =>
          list.length === 0 ? (
            <Text>{canEdit ? t('emptyEditor') : t('empty')}</Text>
          ) : (
            <Table.ScrollArea css={STACKING_CONTAINER}>
              <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('name')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('dataPoint')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('condition')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('severity')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('state')}</Table.ColumnHeader>
                    {canEdit ? <Table.ColumnHeader /> : null}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {list.map((rule) => (
                    <Table.Row
                      key={rule.id}
                      data-testid="alert-rule"
                      color={rule.enabled ? undefined : 'fg.muted'}
                    >
                      <Table.Cell fontWeight="medium">{rule.name}</Table.Cell>
                      <Table.Cell data-label={t('dataPoint')}>{rule.dataPointName}</Table.Cell>
                      <Table.Cell data-label={t('condition')} whiteSpace="normal" minW="48">
                        {conditionText(rule, t)}
                      </Table.Cell>
                      <Table.Cell data-label={t('severity')}>
                        <Badge colorPalette={SEVERITY_PALETTE[rule.severity]}>{t(rule.severity)}</Badge>
                      </Table.Cell>
                      <Table.Cell data-label={t('state')}>
                        {rule.enabled ? (
                          <Badge colorPalette={STATE_PALETTE[rule.state]} variant="solid">
                            {t(`states.${rule.state}`)}
                          </Badge>
                        ) : (
                          <Badge>{t('off')}</Badge>
                        )}
                      </Table.Cell>
                      {canEdit ? (
                        <Table.Cell textAlign="end">
                          <HStack gap="1" justify="end">
                            <Button
                              size="xs"
                              variant="outline"
                              aria-label={t('editRule', { name: rule.name })}
                              onClick={() => setEditing(rule)}
                            >
                              {t('edit')}
                            </Button>
                            <Button
                              asChild
                              size="xs"
                              variant="ghost"
                              aria-label={t('openInBuilder', { name: rule.name })}
                            >
                              <RouterLink to={`?flow=${rule.id}#builder`}>{t('builder')}</RouterLink>
                            </Button>
                            <Button
                              size="xs"
                              variant="ghost"
                              colorPalette="red"
                              disabled={remove.isPending}
                              aria-label={t('deleteRule', { name: rule.name })}
                              onClick={() => deleteRule(rule)}
                            >
                              {t('delete')}
                            </Button>
                          </HStack>
                        </Table.Cell>
                      ) : null}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Table.ScrollArea>
          )
        }
      </DataState>
    </Stack>
  );
}

/** The points a rule can watch, by name: those with readings of their own, not the virtual ones worked out from them. */
function pointsOf(points: ExplorerDataPoint[] | undefined): ExplorerDataPoint[] {
  return (points ?? []).filter((point) => !point.virtual).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The rule the logic builder sent here to edit in the form (`?edit=<id>`):
 * opened once the list has it, and the address put back.
 */
function useOpenedFromBuilder(rules: AlertRule[] | undefined, open: (rule: AlertRule) => void) {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('edit');
  useEffect(() => {
    const rule = rules?.find((item) => String(item.id) === wanted);
    if (!rule) return;
    open(rule);
    setParams(
      (current) => {
        current.delete('edit');
        return current;
      },
      { replace: true },
    );
  }, [rules, wanted, open, setParams]);
}
