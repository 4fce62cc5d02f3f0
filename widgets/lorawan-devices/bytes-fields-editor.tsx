import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { type BytesFieldRow, blankBytesField, NUMBER_TYPES, type NumberType } from './device-form';

/** The rows of a bytes decoder: a name, a byte position, a number type and an optional scale each. */
export function BytesFieldsEditor({
  rows,
  onChange,
}: {
  rows: BytesFieldRow[];
  onChange: (rows: BytesFieldRow[]) => void;
}) {
  const { t } = useTranslation('lorawan-devices');
  const update = (index: number, change: Partial<BytesFieldRow>) =>
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  return (
    <Stack gap="2" role="group" aria-label={t('bytes.group')}>
      <Text fontSize="sm">{t('bytes.title')}</Text>
      {rows.map((row, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity but their place; they are only appended and removed.
        <HStack key={index}>
          <Input
            aria-label={t('bytes.name', { number: index + 1 })}
            placeholder={t('bytes.namePlaceholder')}
            value={row.name}
            onChange={(event) => update(index, { name: event.target.value })}
          />
          <Input
            aria-label={t('bytes.offset', { number: index + 1 })}
            type="number"
            min={0}
            max={241}
            width="24"
            value={row.offset}
            onChange={(event) => update(index, { offset: event.target.value })}
          />
          <NativeSelect.Root width="36">
            <NativeSelect.Field
              aria-label={t('bytes.type', { number: index + 1 })}
              value={row.type}
              onChange={(event) => update(index, { type: event.target.value as NumberType })}
            >
              {NUMBER_TYPES.map((type) => (
                <option key={type} value={type}>
                  {type}
                </option>
              ))}
            </NativeSelect.Field>
          </NativeSelect.Root>
          <Input
            aria-label={t('bytes.scale', { number: index + 1 })}
            placeholder={t('bytes.scalePlaceholder')}
            width="32"
            value={row.scale}
            onChange={(event) => update(index, { scale: event.target.value })}
          />
          <Button
            size="xs"
            variant="ghost"
            disabled={rows.length === 1}
            onClick={() => onChange(rows.filter((_, at) => at !== index))}
          >
            {t('bytes.remove')}
          </Button>
        </HStack>
      ))}
      <Button
        size="xs"
        variant="outline"
        alignSelf="start"
        onClick={() => onChange([...rows, blankBytesField()])}
      >
        {t('bytes.add')}
      </Button>
    </Stack>
  );
}
