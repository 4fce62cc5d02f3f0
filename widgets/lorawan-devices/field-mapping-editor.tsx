import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DataPoint } from '../../src/generated/api-types';
import { blankMapping, CAYENNE_EXAMPLES, type MappingRow } from './device-form';

/** Which decoded field feeds which data point: a field name and a pick from the organisation's points. */
export function FieldMappingEditor({
  rows,
  suggestions,
  dataPoints,
  onChange,
}: {
  rows: MappingRow[];
  suggestions: string[];
  dataPoints: DataPoint[];
  onChange: (rows: MappingRow[]) => void;
}) {
  const { t } = useTranslation('lorawan-devices');
  const update = (index: number, change: Partial<MappingRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="2" role="group" aria-label={t('mapping.group')}>
      <Text fontSize="sm">{t('mapping.title')}</Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; they are only appended and removed.
        <HStack key={index}>
          <Input
            aria-label={t('mapping.field', { number: index + 1 })}
            placeholder={CAYENNE_EXAMPLES[0]}
            list="lorawan-field-names"
            value={row.field}
            onChange={(event) => update(index, { field: event.target.value })}
          />
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={t('mapping.dataPoint', { number: index + 1 })}
              value={row.dataPointId}
              onChange={(event) => update(index, { dataPointId: event.target.value })}
            >
              <option value="">{t('mapping.choose')}</option>
              {dataPoints.map((point) => (
                <option key={point.id} value={String(point.id)}>
                  {point.name} ({[...point.entityPath, point.unit].join(' · ')})
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Button
            size="xs"
            variant="ghost"
            disabled={rows.length === 1}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            {t('mapping.remove')}
          </Button>
        </HStack>
      ))}
      <datalist id="lorawan-field-names">
        {suggestions.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <Button
        size="xs"
        variant="outline"
        alignSelf="start"
        onClick={() => onChange([...rows, blankMapping()])}
      >
        {t('mapping.add')}
      </Button>
    </Stack>
  );
}
