import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useCan } from '../../src/auth/use-can';
import { useDecideRegisterStep, useRegisterSteps } from '../../src/data/register-steps';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { RegisterStep } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { STACKED_ROWS_WHEN_NARROW, STACKING_CONTAINER } from '../shared/stacked-rows';
import { type Decision, StepRow } from './step-row';

/** The table's columns, by their text's key. */
const COLUMNS = ['dataPoint', 'between', 'happened', 'booked', 'status', 'decide'] as const;

/**
 * Suspicious steps of meter registers and the choice on each: the data point
 * the props or the route name (all its steps), or the organisation's still
 * open. Until someone decides, a step is booked as the meter sent it.
 */
export default function RegisterSteps({ data }: WidgetProps<'register-steps'>) {
  const { t } = useTranslation('register-steps');
  const params = useParams();
  const dataPointId = data.dataPointId ?? (Number(params.id) || undefined);
  const state = fromQuery(useRegisterSteps(dataPointId));
  const decision = useDecideRegisterStep();
  const [deciding, setDeciding] = useState<number | null>(null);
  const heading = data.heading ?? t('heading');
  // A viewer sees the steps and how they are booked; deciding is left to a role the server lets decide.
  const canDecide = useCan('registerStepDecide');
  const columns = canDecide ? COLUMNS : COLUMNS.filter((column) => column !== 'decide');

  const decide = async (step: RegisterStep, chosen: Decision) => {
    setDeciding(step.id);
    try {
      const decided = (await decision.mutateAsync({ id: step.id, decision: chosen })).step;
      notify.success(
        t('decided', {
          name: decided.dataPointName,
          status: t(`${decided.status}`),
        }),
      );
    } catch (error) {
      notify.warning((error as Error).message);
    } finally {
      setDeciding(null);
    }
  };

  return (
    <Stack as="section" aria-label={heading} gap="4">
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      <DataState state={state} what={t('what')}>
        {({ steps, open }) =>
          steps.length === 0 ? (
            <Text>{dataPointId === undefined ? t('emptyOrganisation') : t('emptyPoint')}</Text>
          ) : (
            <Stack gap="2">
              <Text fontSize="sm">{t('openCount', { number: open })}</Text>
              <Table.ScrollArea css={STACKING_CONTAINER}>
                <Table.Root size="sm" css={STACKED_ROWS_WHEN_NARROW}>
                  <Table.Header>
                    <Table.Row>
                      {columns.map((column) => (
                        <Table.ColumnHeader key={column}>{t(`${column}`)}</Table.ColumnHeader>
                      ))}
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {steps.map((step) => (
                      <StepRow
                        key={step.id}
                        step={step}
                        busy={deciding !== null}
                        onDecide={canDecide ? decide : undefined}
                      />
                    ))}
                  </Table.Body>
                </Table.Root>
              </Table.ScrollArea>
            </Stack>
          )
        }
      </DataState>
    </Stack>
  );
}
