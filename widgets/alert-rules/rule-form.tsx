import { Button, Checkbox, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExplorerDataPoint } from '../../src/generated/api-types';
import { SEVERITIES } from '../../src/ui/alert-severity';
import { ChoiceSelect } from '../shared/choice-select';
import { Labelled } from '../shared/labelled';
import { ConditionFields } from './condition-fields';
import { NumberField } from './fields';
import { ReplayPanel } from './replay-panel';
import { conditionComplete, fieldsOf, type RuleDraft, WEEKDAYS } from './rule-draft';

interface RuleFormProps {
  initial: RuleDraft;
  points: ExplorerDataPoint[];
  saving: boolean;
  submitLabel: string;
  onSave: (draft: RuleDraft) => void;
  onCancel?: () => void;
}

/** A rule's fields: what it watches, when it speaks, how loudly; the browser checks numbers and what is required. */
export function RuleForm({ initial, points, saving, submitLabel, onSave, onCancel }: RuleFormProps) {
  const { t } = useTranslation('alert-rules');
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) =>
    setDraft({ ...draft, [key]: value });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSave(draft);
  };
  const unit = points.find((point) => String(point.id) === draft.dataPointId)?.unit ?? '';
  return (
    <form onSubmit={submit} aria-label={submitLabel}>
      <Stack gap="3" maxW="2xl">
        <Labelled label={t('form.name')} required>
          <Input
            name="name"
            value={draft.name}
            maxLength={200}
            required
            placeholder={t('form.namePlaceholder')}
            onChange={(event) => set('name', event.target.value)}
          />
        </Labelled>
        <Labelled label={t('form.dataPoint')} required>
          <ChoiceSelect
            value={draft.dataPointId}
            onChange={(value) => set('dataPointId', value)}
            choices={[
              { value: '', label: t('form.choosePoint') },
              ...points.map((point) => ({
                value: String(point.id),
                label: point.unit ? `${point.name} (${point.unit})` : point.name,
              })),
            ]}
          />
        </Labelled>
        <ConditionFields draft={draft} unit={unit} set={set} />
        <HStack align="end" wrap="wrap" gap="3">
          <Labelled label={t('form.severity')}>
            <ChoiceSelect
              value={draft.severity}
              onChange={(value) => set('severity', value)}
              choices={SEVERITIES.map((severity) => ({ value: severity, label: t(severity) }))}
            />
          </Labelled>
          <NumberField
            label={t('form.cooldown')}
            value={draft.cooldownMinutes}
            min={0}
            max={10080}
            integer
            required
            onChange={(value) => set('cooldownMinutes', value)}
          />
        </HStack>
        <Checkbox.Root
          checked={draft.limitHours}
          onCheckedChange={({ checked }) => set('limitHours', checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('form.limitHours')}</Checkbox.Label>
        </Checkbox.Root>
        {draft.limitHours ? (
          <Stack gap="2" ps="6">
            <HStack wrap="wrap" gap="3" role="group" aria-label={t('form.days')}>
              {WEEKDAYS.map((day) => (
                <Checkbox.Root
                  key={day}
                  size="sm"
                  checked={draft.days.includes(day)}
                  onCheckedChange={({ checked }) =>
                    set(
                      'days',
                      checked === true ? [...draft.days, day] : draft.days.filter((other) => other !== day),
                    )
                  }
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`days.${day}`)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
            <HStack gap="3" align="end">
              <Labelled label={t('form.from')}>
                <Input
                  type="time"
                  value={draft.from}
                  required
                  onChange={(event) => set('from', event.target.value)}
                />
              </Labelled>
              <Labelled label={t('form.to')}>
                <Input
                  type="time"
                  value={draft.to}
                  required
                  onChange={(event) => set('to', event.target.value)}
                />
              </Labelled>
            </HStack>
            <Text fontSize="xs" color="fg.muted">
              {t('form.hoursHint')}
            </Text>
          </Stack>
        ) : null}
        <Checkbox.Root
          checked={draft.enabled}
          onCheckedChange={({ checked }) => set('enabled', checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('form.enabled')}</Checkbox.Label>
        </Checkbox.Root>
        <ReplayPanel rule={replayable(draft)} />
        <HStack>
          <Button type="submit" loading={saving} disabled={draft.limitHours && draft.days.length === 0}>
            {submitLabel}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </form>
  );
}

/** The draft as a rule to replay, once it names a point and a complete condition; null before. */
function replayable(draft: RuleDraft) {
  if (draft.dataPointId === '' || !conditionComplete(draft) || (draft.limitHours && draft.days.length === 0))
    return null;
  const { name: _name, ...rule } = fieldsOf(draft);
  return rule;
}
