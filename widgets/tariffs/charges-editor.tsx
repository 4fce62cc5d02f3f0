import {
  Button,
  Field,
  HStack,
  IconButton,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { TariffTax, TariffVersion } from '../../src/generated/api-types';
import { DecimalInput } from '../shared/decimal-input';

type Charges = Pick<TariffVersion, 'standingPerDay' | 'demandPerKw' | 'taxes' | 'emissions' | 'holidays'>;

/** What a version charges besides energy, its public holidays and its CO2 factor. */
export function ChargesEditor({
  version,
  currency,
  unit,
  onChange,
}: {
  version: TariffVersion;
  currency: string;
  unit: string;
  onChange: (charges: Charges) => void;
}) {
  const { t } = useTranslation('tariffs');
  const emissions = version.emissions;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, md: 3 }} gap="3">
        <Field.Root>
          <Field.Label>{t('charges.standing', { currency })}</Field.Label>
          <DecimalInput
            size="sm"
            value={version.standingPerDay}
            onValue={(standingPerDay) => onChange({ standingPerDay })}
          />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('charges.demand', { currency })}</Field.Label>
          <DecimalInput
            size="sm"
            value={version.demandPerKw}
            onValue={(demandPerKw) => onChange({ demandPerKw })}
          />
          <Field.HelperText>{t('charges.demandHelp')}</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('charges.emissions', { unit })}</Field.Label>
          {emissions?.intensityDataPointId ? (
            <Text textStyle="sm">{t('charges.intensityPoint', { id: emissions.intensityDataPointId })}</Text>
          ) : (
            <DecimalInput
              size="sm"
              value={emissions?.kgPerUnit}
              onValue={(kgPerUnit) =>
                onChange({ emissions: kgPerUnit === undefined ? undefined : { kgPerUnit } })
              }
            />
          )}
        </Field.Root>
      </SimpleGrid>
      <TaxesEditor
        taxes={version.taxes ?? []}
        currency={currency}
        unit={unit}
        onChange={(taxes) => onChange({ taxes: taxes.length > 0 ? taxes : undefined })}
      />
      <Field.Root>
        <Field.Label>{t('charges.holidays')}</Field.Label>
        <HolidaysInput holidays={version.holidays ?? []} onChange={(holidays) => onChange({ holidays })} />
        <Field.HelperText>{t('charges.holidaysHelp')}</Field.HelperText>
      </Field.Root>
    </Stack>
  );
}

function TaxesEditor({
  taxes,
  currency,
  unit,
  onChange,
}: {
  taxes: TariffTax[];
  currency: string;
  unit: string;
  onChange: (taxes: TariffTax[]) => void;
}) {
  const { t } = useTranslation('tariffs');
  const setTax = (index: number, tax: TariffTax) =>
    onChange(taxes.map((current, at) => (at === index ? tax : current)));
  return (
    <Stack gap="2">
      <Text textStyle="sm" fontWeight="medium">
        {t('charges.taxes')}
      </Text>
      {taxes.map((tax, index) => {
        const kind = tax.perUnit === undefined ? 'percent' : 'perUnit';
        return (
          <HStack
            // biome-ignore lint/suspicious/noArrayIndexKey: taxes are applied in order
            key={index}
            gap="2"
            align="end"
            wrap="wrap"
            role="group"
            aria-label={t('charges.tax', { number: index + 1 })}
          >
            <Field.Root maxW="14rem">
              <Field.Label>{t('charges.taxName')}</Field.Label>
              <Input
                size="sm"
                value={tax.name}
                maxLength={60}
                onChange={(event) => setTax(index, { ...tax, name: event.target.value })}
              />
            </Field.Root>
            <Field.Root maxW="9rem">
              <Field.Label>{t('charges.taxAmount')}</Field.Label>
              <DecimalInput
                size="sm"
                value={tax[kind]}
                onValue={(amount) => setTax(index, { name: tax.name, [kind]: amount ?? Number.NaN })}
              />
            </Field.Root>
            <Field.Root maxW="9rem">
              <Field.Label>{t('charges.taxKind')}</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  value={kind}
                  onChange={(event) =>
                    setTax(index, { name: tax.name, [event.target.value]: tax[kind] ?? 0 } as TariffTax)
                  }
                >
                  <option value="percent">%</option>
                  <option value="perUnit">{`${currency}/${unit}`}</option>
                </NativeSelect.Field>
              </NativeSelect.Root>
            </Field.Root>
            <IconButton
              size="sm"
              variant="ghost"
              aria-label={t('charges.removeTax', { name: tax.name })}
              onClick={() => onChange(taxes.filter((_, at) => at !== index))}
            >
              ×
            </IconButton>
          </HStack>
        );
      })}
      <Button
        size="xs"
        variant="ghost"
        alignSelf="start"
        onClick={() => onChange([...taxes, { name: t('charges.newTax'), percent: 0 }])}
      >
        {t('charges.addTax')}
      </Button>
    </Stack>
  );
}

/** Dates as a list separated by commas or spaces; what does not read as a date is left for the server to name. */
function HolidaysInput({
  holidays,
  onChange,
}: {
  holidays: string[];
  onChange: (holidays: string[]) => void;
}) {
  return (
    <Input
      size="sm"
      defaultValue={holidays.join(', ')}
      placeholder="2026-12-25, 2026-12-26"
      onBlur={(event) => onChange(event.target.value.split(/[\s,;]+/).filter(Boolean))}
    />
  );
}
