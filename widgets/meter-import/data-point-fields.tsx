import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import type { ApiData } from '../../src/api/use-api-data';
import type { DataPoint, GetDataPointResponse } from '../../src/generated/api-types';
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
  const dataPoints = points.status === 'loaded' ? points.data.dataPoints : [];
  const chosenPoint = dataPoints.find((point) => String(point.id) === draft.dataPointId);
  return (
    <Fieldset.Root>
      <Fieldset.Legend>Data point</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label="Which data point each row belongs to"
          value={draft.dataPointMode}
          onChange={(value) => set('dataPointMode', value as 'column' | 'one')}
          options={[
            { value: 'column', label: 'A column names the data point' },
            { value: 'one', label: 'One data point for every row' },
          ]}
        />
        {draft.dataPointMode === 'column' ? (
          <SelectField
            label="Data point column"
            value={draft.dataPointColumn}
            onChange={(value) => set('dataPointColumn', value)}
            options={columnOptions(columns)}
            placeholder="Choose a column"
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
            label="Data point"
            value={draft.dataPointId}
            onChange={(value) => set('dataPointId', value)}
            options={dataPoints.map((point) => ({ value: String(point.id), label: pointLabel(point) }))}
            placeholder={
              points.status === 'loading'
                ? 'Loading data points…'
                : dataPoints.length === 0
                  ? 'No data points yet'
                  : 'Choose a data point'
            }
            error={
              points.status === 'failed'
                ? `The data points could not be loaded: ${points.message}`
                : errors.dataPointId
            }
            helper={
              chosenPoint
                ? `Stored in ${chosenPoint.unit}${chosenPoint.unit === draft.unit ? '' : `, converted from ${draft.unit}`}; its days are cut in ${chosenPoint.timeZone}.`
                : 'Add data points under Data Feeds first if the list is empty.'
            }
            required
          />
        )}
        <SelectField
          label="Quality column (optional)"
          value={draft.qualityColumn}
          onChange={(value) => set('qualityColumn', value)}
          options={columnOptions(columns)}
          placeholder="None: every value is measured"
          helper="Rows marked E, estimated, est or 1 are stored as estimated."
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
