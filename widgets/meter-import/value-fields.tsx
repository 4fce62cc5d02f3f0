import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataPoint } from '../../src/generated/api-types';
import { columnOptions, sampleHelper } from './column-choices';
import { type Option, SelectField } from './fields';
import { KNOWN_UNITS } from './mapping';
import type { DraftFieldsProps } from './use-mapping-step';

/** Where the values are, their unit, and how their decimals are written. */
export function ValueFields({
  draft,
  errors,
  set,
  columns,
  rows,
  dataPoints,
}: DraftFieldsProps & { dataPoints: DataPoint[] }) {
  const { t } = useTranslation('meter-import');
  const unitOptions = useMemo(() => unitChoices(dataPoints, draft.unit), [dataPoints, draft.unit]);
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{t('value.legend')}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
        <SelectField
          label={t('value.column')}
          value={draft.valueColumn}
          onChange={(value) => set('valueColumn', value)}
          options={columnOptions(columns, t)}
          placeholder={t('mapping.chooseColumn')}
          error={errors.valueColumn}
          helper={sampleHelper(columns, rows, draft.valueColumn, t)}
          required
        />
        <SelectField
          label={t('value.unit')}
          value={draft.unit}
          onChange={(value) => set('unit', value)}
          options={unitOptions}
          error={errors.unit}
          helper={t('value.unitHelp')}
          required
        />
        <SelectField
          label={t('value.decimal')}
          value={draft.decimal}
          onChange={(value) => set('decimal', value as '.' | ',')}
          options={[
            { value: '.', label: t('value.decimalPoint') },
            { value: ',', label: t('value.decimalComma') },
          ]}
          required
        />
      </SimpleGrid>
    </Fieldset.Root>
  );
}

/** The known units, then the units of the organisation's data points, then a unit a template brought. */
function unitChoices(dataPoints: DataPoint[], current: string): Option[] {
  const units: string[] = [...KNOWN_UNITS];
  for (const unit of [...dataPoints.map((point) => point.unit), current]) {
    if (unit && !units.includes(unit)) units.push(unit);
  }
  return units.map((unit) => ({ value: unit, label: unit }));
}
