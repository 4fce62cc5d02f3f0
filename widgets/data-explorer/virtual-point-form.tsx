import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../src/api/api-failure';
import { useCan } from '../../src/auth/use-can';
import type { VirtualDataPoint } from '../../src/generated/api-types';
import { useAddVirtualPoint, useCheckFormula } from './data';

interface Problems {
  name?: string;
  formula?: string;
}

/** Which field a refusal is about: the API points at it (/name, /unit); anything else is the formula's. */
function problemsOf(error: unknown): Problems {
  const message = (error as Error).message;
  if (error instanceof ApiFailure) {
    const issue = error.body?.issues?.[0];
    if (issue?.pointer.startsWith('/name')) return { name: issue.message || message };
    if (issue) return { formula: issue.message || message };
  }
  return { formula: message };
}

/**
 * A virtual data point: a name and a formula over other points, such as
 * [Main meter] - ([Chillers] + [Lighting]). Check reads the formula without
 * saving it; the server's reason for refusing one appears under the field.
 */
export function VirtualPointForm({ onCreated }: { onCreated: (point: VirtualDataPoint) => void }) {
  const { t } = useTranslation('data-explorer');
  const [name, setName] = useState('');
  const [formula, setFormula] = useState('');
  const [unit, setUnit] = useState('');
  const checking = useCheckFormula();
  const adding = useAddVirtualPoint();
  const [problems, setProblems] = useState<Problems>({});
  const checked = checking.data;
  // Checking is an endpoint of its own: without it the form still creates, and the server still checks.
  const canCheck = useCan('virtualDatapointCheck');

  const editFormula = (value: string) => {
    setFormula(value);
    checking.reset();
    setProblems((current) => ({ ...current, formula: undefined }));
  };

  const check = () => {
    if (!formula.trim()) return;
    setProblems({});
    checking.mutate(formula.trim(), { onError: (error) => setProblems({ formula: error.message }) });
  };

  const create = (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    adding.mutate(
      { name: name.trim(), formula: formula.trim(), ...(unit.trim() ? { unit: unit.trim() } : {}) },
      {
        onSuccess: (dataPoint) => {
          setName('');
          setFormula('');
          setUnit('');
          checking.reset();
          onCreated(dataPoint);
        },
        onError: (error) => setProblems(problemsOf(error)),
      },
    );
  };

  return (
    <Stack as="form" gap="3" onSubmit={create} aria-label={t('virtual.form')}>
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root required invalid={Boolean(problems.name)} flex="1" minW="48">
          <Field.Label fontSize="sm">{t('virtual.name')}</Field.Label>
          <Input
            size="sm"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t('virtual.namePlaceholder')}
          />
          {problems.name ? <Field.ErrorText>{problems.name}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root w="28">
          <Field.Label fontSize="sm">{t('virtual.unit')}</Field.Label>
          <Input size="sm" maxLength={20} value={unit} onChange={(event) => setUnit(event.target.value)} />
        </Field.Root>
      </HStack>
      <Field.Root required invalid={Boolean(problems.formula)}>
        <Field.Label fontSize="sm">{t('virtual.formula')}</Field.Label>
        <Textarea
          size="sm"
          rows={2}
          fontFamily="mono"
          maxLength={2000}
          value={formula}
          onChange={(event) => editFormula(event.target.value)}
          placeholder={t('virtual.formulaPlaceholder')}
        />
        {problems.formula ? (
          <Field.ErrorText>{problems.formula}</Field.ErrorText>
        ) : (
          <Field.HelperText>{t('virtual.formulaHelp')}</Field.HelperText>
        )}
      </Field.Root>
      {checked ? (
        <Text fontSize="sm" role="status">
          {checked.inputs.length > 0
            ? t('virtual.checked', {
                inputs: checked.inputs
                  .map((input) => t('virtual.input', { name: input.name, unit: input.unit }))
                  .join(t('listSeparator')),
                kind: t(`virtual.kind.${checked.kind}`),
                unit: checked.unit,
              })
            : t('virtual.checkedNoInputs', { kind: t(`virtual.kind.${checked.kind}`), unit: checked.unit })}
        </Text>
      ) : null}
      <HStack gap="2">
        {canCheck ? (
          <Button
            size="sm"
            variant="outline"
            onClick={check}
            loading={checking.isPending}
            disabled={!formula.trim()}
          >
            {t('virtual.check')}
          </Button>
        ) : null}
        <Button size="sm" type="submit" loading={adding.isPending} disabled={!name.trim() || !formula.trim()}>
          {t('virtual.create')}
        </Button>
      </HStack>
    </Stack>
  );
}
