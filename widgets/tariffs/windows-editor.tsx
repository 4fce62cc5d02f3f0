import { Box, Button, Field, HStack, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TariffTier, TariffWindow } from '../../src/generated/api-types';
import { DecimalInput } from '../shared/decimal-input';
import { windowPalette } from './window-colours';

interface WindowsEditorProps {
  windows: TariffWindow[];
  priceUnit: string;
  unit: string;
  onChange: (windows: TariffWindow[]) => void;
  onRemove: (index: number) => void;
}

/**
 * The time-of-use windows of a version, each with its blocks: a price up to
 * a running total of the month's consumption, the last for all above.
 */
export function WindowsEditor({ windows, priceUnit, unit, onChange, onRemove }: WindowsEditorProps) {
  const { t } = useTranslation('tariffs');
  const setWindow = (index: number, window: TariffWindow) =>
    onChange(windows.map((current, at) => (at === index ? window : current)));
  return (
    <Stack gap="3">
      {windows.map((window, index) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: the schedule names windows by their place
          key={index}
          gap="2"
          borderWidth="1px"
          borderRadius="md"
          p="3"
          role="group"
          aria-label={t('windows.window', { number: index + 1 })}
        >
          <HStack gap="2" align="end">
            <Box
              w="6"
              h="6"
              borderRadius="sm"
              bg={`${windowPalette(index)}.solid`}
              color={`${windowPalette(index)}.contrast`}
              textAlign="center"
              lineHeight="1.5rem"
              textStyle="xs"
              flexShrink={0}
              mb="1"
            >
              {index + 1}
            </Box>
            <Field.Root required>
              <Field.Label>{t('windows.name')}</Field.Label>
              <Input
                size="sm"
                value={window.name}
                maxLength={60}
                onChange={(event) => setWindow(index, { ...window, name: event.target.value })}
              />
            </Field.Root>
            {windows.length > 1 ? (
              <Button size="sm" variant="ghost" colorPalette="red" onClick={() => onRemove(index)}>
                {t('windows.remove')}
              </Button>
            ) : null}
          </HStack>
          <TiersEditor
            tiers={window.tiers}
            priceUnit={priceUnit}
            unit={unit}
            onChange={(tiers) => setWindow(index, { ...window, tiers })}
          />
        </Stack>
      ))}
      {windows.length < 24 ? (
        <Button
          size="sm"
          variant="outline"
          alignSelf="start"
          onClick={() =>
            onChange([
              ...windows,
              {
                name: t('windows.newName', { number: windows.length + 1 }),
                tiers: [{ upTo: null, price: 0 }],
              },
            ])
          }
        >
          {t('windows.add')}
        </Button>
      ) : null}
    </Stack>
  );
}

function TiersEditor({
  tiers,
  priceUnit,
  unit,
  onChange,
}: {
  tiers: TariffTier[];
  priceUnit: string;
  unit: string;
  onChange: (tiers: TariffTier[]) => void;
}) {
  const { t } = useTranslation('tariffs');
  const setTier = (index: number, tier: TariffTier) =>
    onChange(tiers.map((current, at) => (at === index ? tier : current)));
  const addBlock = () => {
    const last = tiers[tiers.length - 1] as TariffTier;
    const below = tiers[tiers.length - 2]?.upTo ?? 0;
    // The open block gets a limit above the one before it; a new open block follows at the same price.
    onChange([
      ...tiers.slice(0, -1),
      { ...last, upTo: (below ?? 0) + 1000 },
      { upTo: null, price: last.price },
    ]);
  };
  return (
    <Stack gap="2" pl="8">
      {tiers.map((tier, index) => {
        const last = index === tiers.length - 1;
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks are in order of their limits
          <HStack key={index} gap="2" align="end" wrap="wrap">
            <Field.Root maxW="10rem">
              <Field.Label>{t('windows.price', { unit: priceUnit })}</Field.Label>
              <DecimalInput
                size="sm"
                value={tier.price}
                onValue={(price) => setTier(index, { ...tier, price: price ?? Number.NaN })}
              />
            </Field.Root>
            {last ? (
              <Text textStyle="sm" color="fg.muted" pb="2">
                {tiers.length > 1 ? t('windows.above') : t('windows.allConsumption')}
              </Text>
            ) : (
              <Field.Root maxW="12rem">
                <Field.Label>{t('windows.upTo', { unit })}</Field.Label>
                <DecimalInput
                  size="sm"
                  value={tier.upTo}
                  onValue={(upTo) => setTier(index, { ...tier, upTo: upTo ?? Number.NaN })}
                />
              </Field.Root>
            )}
            {tiers.length > 1 && !last ? (
              <IconButton
                size="sm"
                variant="ghost"
                aria-label={t('windows.removeBlock')}
                onClick={() => onChange(tiers.filter((_, at) => at !== index))}
              >
                ×
              </IconButton>
            ) : null}
          </HStack>
        );
      })}
      {tiers.length < 10 ? (
        <Button size="xs" variant="ghost" alignSelf="start" onClick={addBlock}>
          {t('windows.addBlock')}
        </Button>
      ) : null}
    </Stack>
  );
}
