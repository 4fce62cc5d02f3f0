import { Button, Checkbox, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ExplorerDataPoint, FlowNode } from '../../src/generated/api-types';
import { inputsOf, outputOf } from '../../src/rules/flow-graph';
import { ChoiceSelect } from '../shared/choice-select';
import { Labelled } from '../shared/labelled';
import type { BuilderGraph, BuilderNode } from './builder-graph';

const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;

interface InspectorProps {
  graph: BuilderGraph;
  node: BuilderNode;
  points: readonly ExplorerDataPoint[];
  /** Where the form opens this rule, when it is saved and of the form's shape. */
  formAddress?: string;
  /** Sets these of the step's options, on the step as it is by then. */
  change: (fields: Partial<FlowNode>) => void;
  joinFrom: (from: string, joined: boolean) => void;
  remove: () => void;
}

/**
 * The chosen step's options, and what it takes its input from: the same
 * joins as dragging between handles, for keyboards and screen readers.
 */
export function StepInspector({
  graph,
  node,
  points,
  formAddress,
  change,
  joinFrom,
  remove,
}: InspectorProps) {
  const { t } = useTranslation('logic-builder');
  const set = change;
  return (
    <Stack gap="3" data-testid="step-inspector">
      <Heading as="h3" size="sm">
        {t('inspector.heading', { kind: t(`kinds.${node.kind}`), id: node.id })}
      </Heading>
      {node.kind === 'check' ? (
        <Stack gap="2">
          <Text fontSize="sm">{t('inspector.checkHint')}</Text>
          {formAddress ? (
            <Link href={formAddress} fontSize="sm">
              {t('openInForm')}
            </Link>
          ) : null}
        </Stack>
      ) : (
        <>
          <Options node={node} points={points} set={set} />
          <Inputs graph={graph} node={node} joinFrom={joinFrom} />
        </>
      )}
      <HStack>
        <Button size="xs" variant="outline" colorPalette="red" onClick={remove}>
          {t('inspector.remove')}
        </Button>
      </HStack>
    </Stack>
  );
}

/** The nodes whose output this one can take, each a checkbox: checked when joined. */
function Inputs({
  graph,
  node,
  joinFrom,
}: {
  graph: BuilderGraph;
  node: FlowNode;
  joinFrom: (from: string, joined: boolean) => void;
}) {
  const { t } = useTranslation('logic-builder');
  const takes = inputsOf(node.kind).takes;
  if (takes === 'none') return null;
  const fitting = graph.nodes.filter(
    (other) => other.id !== node.id && other.kind !== 'check' && outputOf(other.kind) === takes,
  );
  return (
    <Stack gap="1" role="group" aria-label={t('inspector.inputs')}>
      <Text fontSize="sm" fontWeight="medium">
        {t('inspector.inputs')}
      </Text>
      {fitting.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {t('inspector.noInputs', { sort: t(`sorts.${takes}`) })}
        </Text>
      ) : (
        fitting.map((other) => (
          <Checkbox.Root
            key={other.id}
            size="sm"
            checked={graph.edges.some((edge) => edge.from === other.id && edge.to === node.id)}
            onCheckedChange={(details) => joinFrom(other.id, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{`${other.id} (${t(`kinds.${other.kind}`)})`}</Checkbox.Label>
          </Checkbox.Root>
        ))
      )}
    </Stack>
  );
}

function Options({
  node,
  points,
  set,
}: {
  node: FlowNode;
  points: readonly ExplorerDataPoint[];
  set: (fields: Partial<FlowNode>) => void;
}) {
  const { t } = useTranslation('logic-builder');
  const pointChoice = (stored: boolean) => (
    <Labelled width="full" label={t('fields.point')}>
      <ChoiceSelect
        value={node.dataPointId ?? 0}
        onChange={(value) => set({ dataPointId: value === 0 ? undefined : value })}
        choices={[
          { value: 0, label: t('fields.choosePoint') },
          ...points
            .filter((point) => !stored || !point.virtual)
            .map((point) => ({ value: point.id, label: point.name })),
        ]}
      />
    </Labelled>
  );
  switch (node.kind) {
    case 'point':
      return pointChoice(false);
    case 'sum':
    case 'mean':
    case 'for':
      return (
        <NumberInput
          label={t('fields.minutes')}
          value={node.minutes}
          onChange={(minutes) => set({ minutes })}
        />
      );
    case 'compare':
      return (
        <Stack gap="2">
          <Labelled width="full" label={t('fields.op')}>
            <ChoiceSelect
              value={node.op ?? 'above'}
              onChange={(op) => set({ op })}
              choices={(['above', 'below'] as const).map((op) => ({
                value: op,
                label: t(`fields.ops.${op}`),
              }))}
            />
          </Labelled>
          <NumberInput label={t('fields.value')} value={node.value} onChange={(value) => set({ value })} />
          <NumberInput
            label={t('fields.hysteresis')}
            value={node.hysteresis}
            onChange={(hysteresis) => set({ hysteresis })}
          />
        </Stack>
      );
    case 'schedule': {
      const hours = node.activeHours ?? { days: [1, 2, 3, 4, 5], from: '07:00', to: '19:00' };
      return (
        <Stack gap="2">
          <HStack wrap="wrap" gap="2" role="group" aria-label={t('fields.days')}>
            {DAYS.map((day) => (
              <Checkbox.Root
                key={day}
                size="sm"
                checked={hours.days.includes(day)}
                onCheckedChange={(details) => {
                  const days = details.checked
                    ? [...hours.days, day]
                    : hours.days.filter((item) => item !== day);
                  if (days.length > 0) set({ activeHours: { ...hours, days: days.sort() } });
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{t(`days.${day}`)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
          </HStack>
          <HStack gap="2">
            <TextInput
              type="time"
              label={t('fields.from')}
              value={hours.from}
              onChange={(from) => set({ activeHours: { ...hours, from } })}
            />
            <TextInput
              type="time"
              label={t('fields.to')}
              value={hours.to}
              onChange={(to) => set({ activeHours: { ...hours, to } })}
            />
          </HStack>
        </Stack>
      );
    }
    case 'write':
      return (
        <Stack gap="2">
          {pointChoice(true)}
          <NumberInput
            label={t('fields.writeValue')}
            value={node.value}
            onChange={(value) => set({ value })}
          />
          <NumberInput
            label={t('fields.offValue')}
            value={node.offValue ?? undefined}
            optional
            onChange={(offValue) => set({ offValue: offValue ?? null })}
          />
        </Stack>
      );
    case 'publish':
      return (
        <Stack gap="2">
          <TextInput
            label={t('fields.topic')}
            value={node.topic ?? ''}
            onChange={(topic) => set({ topic })}
          />
          <TextInput
            label={t('fields.payload')}
            value={node.payload ?? ''}
            onChange={(payload) => set({ payload })}
          />
          <TextInput
            label={t('fields.offPayload')}
            value={node.offPayload ?? ''}
            onChange={(offPayload) => set({ offPayload: offPayload === '' ? null : offPayload })}
          />
        </Stack>
      );
    default:
      return null;
  }
}

/** A number as typed: handed on once it reads as one; empty is no number where it may be left out. */
function NumberInput({
  label,
  value,
  optional,
  onChange,
}: {
  label: string;
  value: number | undefined;
  optional?: boolean;
  onChange: (value: number | undefined) => void;
}) {
  return (
    <Labelled width="full" label={label}>
      <Input
        size="sm"
        type="number"
        step="any"
        defaultValue={value ?? ''}
        onChange={(event) => {
          const text = event.currentTarget.value;
          if (text === '' && optional) onChange(undefined);
          else if (text !== '' && Number.isFinite(Number(text))) onChange(Number(text));
        }}
      />
    </Labelled>
  );
}

/** Text as typed: a word, a topic, or a time of day ("07:30"). */
function TextInput({
  label,
  value,
  type = 'text',
  onChange,
}: {
  label: string;
  value: string;
  type?: 'text' | 'time';
  onChange: (value: string) => void;
}) {
  return (
    <Labelled width="full" label={label}>
      <Input size="sm" type={type} value={value} onChange={(event) => onChange(event.currentTarget.value)} />
    </Labelled>
  );
}
