import { Button, Field, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { ApiFailure } from '../../src/api/api-failure';
import { useCan } from '../../src/auth/use-can';
import { api } from '../../src/generated/api-client';
import type { VirtualDataPoint, VirtualDatapointCheckResponse } from '../../src/generated/api-types';

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
  const [name, setName] = useState('');
  const [formula, setFormula] = useState('');
  const [unit, setUnit] = useState('');
  const [checked, setChecked] = useState<VirtualDatapointCheckResponse>();
  const [problems, setProblems] = useState<Problems>({});
  const [busy, setBusy] = useState<'check' | 'create' | null>(null);
  // Checking is an endpoint of its own: without it the form still creates, and the server still checks.
  const canCheck = useCan('virtualDatapointCheck');

  const editFormula = (value: string) => {
    setFormula(value);
    setChecked(undefined);
    setProblems((current) => ({ ...current, formula: undefined }));
  };

  const check = async () => {
    if (!formula.trim()) return;
    setBusy('check');
    setProblems({});
    try {
      setChecked(await api.virtualDatapointCheck({ formula: formula.trim() }));
    } catch (error) {
      setChecked(undefined);
      setProblems({ formula: (error as Error).message });
    } finally {
      setBusy(null);
    }
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('create');
    setProblems({});
    try {
      const { dataPoint } = await api.virtualDatapoint({
        name: name.trim(),
        formula: formula.trim(),
        ...(unit.trim() ? { unit: unit.trim() } : {}),
      });
      setName('');
      setFormula('');
      setUnit('');
      setChecked(undefined);
      onCreated(dataPoint);
    } catch (error) {
      setProblems(problemsOf(error));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack as="form" gap="3" onSubmit={create} aria-label="New virtual data point">
      <HStack gap="3" align="start" wrap="wrap">
        <Field.Root required invalid={Boolean(problems.name)} flex="1" minW="48">
          <Field.Label fontSize="sm">Name</Field.Label>
          <Input
            size="sm"
            maxLength={200}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="Base load"
          />
          {problems.name ? <Field.ErrorText>{problems.name}</Field.ErrorText> : null}
        </Field.Root>
        <Field.Root w="28">
          <Field.Label fontSize="sm">Unit</Field.Label>
          <Input size="sm" maxLength={20} value={unit} onChange={(event) => setUnit(event.target.value)} />
        </Field.Root>
      </HStack>
      <Field.Root required invalid={Boolean(problems.formula)}>
        <Field.Label fontSize="sm">Formula</Field.Label>
        <Textarea
          size="sm"
          rows={2}
          fontFamily="mono"
          maxLength={2000}
          value={formula}
          onChange={(event) => editFormula(event.target.value)}
          placeholder="[Main meter] - ([Chillers] + [Lighting])"
        />
        {problems.formula ? (
          <Field.ErrorText>{problems.formula}</Field.ErrorText>
        ) : (
          <Field.HelperText>
            Numbers, + - * /, parentheses and data point names in [square brackets]. Without a unit, the first
            input's is used.
          </Field.HelperText>
        )}
      </Field.Root>
      {checked ? (
        <Text fontSize="sm" role="status">
          {`Reads ${checked.inputs.map((input) => `${input.name} (${input.unit})`).join(', ') || 'no data points'}; `}
          {`gives ${checked.kind} values in ${checked.unit}.`}
        </Text>
      ) : null}
      <HStack gap="2">
        {canCheck ? (
          <Button
            size="sm"
            variant="outline"
            onClick={check}
            loading={busy === 'check'}
            disabled={!formula.trim()}
          >
            Check formula
          </Button>
        ) : null}
        <Button
          size="sm"
          type="submit"
          loading={busy === 'create'}
          disabled={!name.trim() || !formula.trim()}
        >
          Create virtual data point
        </Button>
      </HStack>
    </Stack>
  );
}
