import { Badge, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { KEPT_MODELS, useKeptModels } from '../../src/data/kept-models';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { ForecastModelSaveRequest, KeptForecastModel } from '../../src/generated/api-types';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { formatDate, formatValue } from '../shared/format';
import { ScrollRegion } from '../shared/scroll-region';

const STATUS_PALETTE: Record<KeptForecastModel['status'], string> = {
  fresh: 'green',
  waiting: 'gray',
  stale: 'orange',
  failed: 'red',
};

/**
 * Keeping the model on screen: the job runner refits it every day and keeps
 * its forecast of the week ahead. Editors keep and stop keeping; everyone
 * sees which are kept and whether they are up to date.
 */
export function KeepModelButton({
  dataPointId,
  trainingWeeks,
}: {
  dataPointId: number;
  trainingWeeks: ForecastModelSaveRequest['trainingWeeks'];
}) {
  const { t } = useTranslation('forecast');
  const canKeep = useCan('forecastModelSave');
  const kept = useKeptModels();
  const keep = useScreenMutation(api.forecastModelSave, [KEPT_MODELS]);
  if (!canKeep) return null;
  const current = kept.data?.models.find((model) => model.dataPointId === dataPointId);
  if (current && current.trainingWeeks === trainingWeeks) {
    return (
      <Text textStyle="sm" color="fg.muted" data-testid="model-kept">
        {t('kept.already')}
      </Text>
    );
  }
  return (
    <HStack gap="2">
      <Button
        size="sm"
        variant="outline"
        loading={keep.isPending}
        onClick={() => keep.mutate({ dataPointId, trainingWeeks })}
      >
        {t(current ? 'kept.change' : 'kept.keep')}
      </Button>
      {keep.isError ? (
        <Text role="alert" textStyle="sm" color="fg.error">
          {keep.error.message}
        </Text>
      ) : null}
    </HStack>
  );
}

/** The kept models, each with its last fit and whether its forecast still covers now. */
export function KeptModels() {
  const { t } = useTranslation('forecast');
  const kept = useKeptModels();
  const canForget = useCan('forecastModelDelete');
  const forget = useScreenMutation(api.forecastModelDelete, [KEPT_MODELS]);
  return (
    <DataState state={fromQuery(kept)} what={t('kept.what')}>
      {({ models }) =>
        models.length === 0 ? null : (
          <Stack gap="2">
            <Text fontWeight="semibold">{t('kept.title')}</Text>
            <ScrollRegion label={t('kept.title')}>
              <Table.Root size="sm" aria-label={t('kept.title')}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('point')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('kept.model')}</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">CV(RMSE)</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('kept.learnt')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('kept.status')}</Table.ColumnHeader>
                    {canForget ? <Table.ColumnHeader /> : null}
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {models.map((model) => (
                    <Table.Row key={model.id} data-testid="kept-model">
                      <Table.Cell>{model.dataPointName}</Table.Cell>
                      <Table.Cell>{model.model ? t(`models.${model.model}`) : '–'}</Table.Cell>
                      <Table.Cell textAlign="end">{formatValue(model.cvrmse, '%', 1)}</Table.Cell>
                      <Table.Cell>
                        {model.trainedTo
                          ? t('kept.learntTo', {
                              count: model.trainingWeeks,
                              to: formatDate(Date.parse(model.trainedTo) - 1, false),
                            })
                          : t('weeks', { count: model.trainingWeeks })}
                      </Table.Cell>
                      <Table.Cell>
                        <Stack gap="1">
                          <Badge colorPalette={STATUS_PALETTE[model.status]} variant="subtle" w="fit-content">
                            {t(`kept.statuses.${model.status}`)}
                          </Badge>
                          {model.lastError ? (
                            <Text textStyle="xs" color="fg.muted">
                              {model.lastError}
                            </Text>
                          ) : null}
                        </Stack>
                      </Table.Cell>
                      {canForget ? (
                        <Table.Cell textAlign="end">
                          <Button
                            size="xs"
                            variant="ghost"
                            loading={forget.isPending && forget.variables?.id === model.id}
                            onClick={() => forget.mutate({ id: model.id })}
                            aria-label={t('kept.forgetNamed', { name: model.dataPointName })}
                          >
                            {t('kept.forget')}
                          </Button>
                        </Table.Cell>
                      ) : null}
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </ScrollRegion>
          </Stack>
        )
      }
    </DataState>
  );
}
