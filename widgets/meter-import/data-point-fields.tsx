import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DataPoint, GetDataPointResponse } from '../../src/generated/api-types';
import type { ApiData } from '../../src/ui/data-state';
import { columnOptions } from './column-choices';
import { SelectField } from './fields';
import { PointColumnHint } from './point-column-hint';
import type { DraftFieldsProps } from './use-mapping-step';

/** Which data point each row belongs to (named by a column, or one for all), and the optional quality column. */
export function DataPointFields({
  draft,
  errors,
  set,
  columns,
  rows,
  points,
}: DraftFieldsProps & { points: ApiData<GetDataPointResponse> }) {
  const { t } = useTranslation('meter-import');
  const dataPoints = points.status === 'loaded' ? points.data.dataPoints : [];
  const chosenPoint = dataPoints.find((point) => String(point.id) === draft.dataPointId);
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('dataPoint.legend')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label={t('dataPoint.mode')}
          value={draft.dataPointMode}
          onChange={(value) => set('dataPointMode', value as 'column' | 'one')}
          options={[
            { value: 'column', label: t('dataPoint.modeColumn') },
            { value: 'one', label: t('dataPoint.modeOne') },
          ]}
        />
        {draft.dataPointMode === 'column' ? (
          <SelectField
            label={t('dataPoint.column')}
            value={draft.dataPointColumn}
            onChange={(value) => set('dataPointColumn', value)}
            options={columnOptions(columns, t)}
            placeholder={t('mapping.chooseColumn')}
            error={errors.dataPointColumn}
            helper={
              <PointColumnHint
                column={draft.dataPointColumn}
                columns={columns}
                rows={rows}
                dataPoints={points.status === 'loaded' ? dataPoints : undefined}
              />
            }
            required
          />
        ) : (
          <SelectField
            label={t('dataPoint.one')}
            value={draft.dataPointId}
            onChange={(value) => set('dataPointId', value)}
            options={dataPoints.map((point) => ({ value: String(point.id), label: pointLabel(point) }))}
            placeholder={
              points.status === 'loading'
                ? t('dataPoint.loading')
                : dataPoints.length === 0
                  ? t('dataPoint.noneYet')
                  : t('dataPoint.choose')
            }
            error={
              points.status === 'failed'
                ? t('dataPoint.loadFailed', { message: points.message })
                : errors.dataPointId
            }
            helper={
              chosenPoint
                ? t(chosenPoint.unit === draft.unit ? 'dataPoint.storedIn' : 'dataPoint.storedInConverted', {
                    unit: chosenPoint.unit,
                    fileUnit: draft.unit,
                    timeZone: chosenPoint.timeZone,
                  })
                : t('dataPoint.addFirst')
            }
            required
          />
        )}
        <SelectField
          label={t('dataPoint.quality')}
          value={draft.qualityColumn}
          onChange={(value) => set('qualityColumn', value)}
          options={columnOptions(columns, t)}
          placeholder={t('dataPoint.qualityNone')}
          helper={t('dataPoint.qualityHelp')}
        />
      </SimpleGrid>
    </Fieldset.Root>
  );
}

/** "Main meter (kWh) · Head office › Plant room": a data point as the list offers it, with where it sits. */
function pointLabel(point: DataPoint): string {
  const place = [...point.entityPath].join(' › ') || point.entityName;
  return `${point.name} (${point.unit})${place ? ` · ${place}` : ''}`;
}
