import { HStack, Link, Stack, Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceSelect } from '../shared/choice-select';
import { Labelled } from '../shared/labelled';
import { NumberField } from './fields';
import type { RuleDraft } from './rule-draft';

const KINDS = ['above', 'below', 'rises', 'falls', 'silent', 'budget', 'baseline', 'flaggedStep'] as const;

interface ConditionFieldsProps {
  draft: RuleDraft;
  /** The chosen data point's unit, '' before one is chosen. */
  unit: string;
  set: <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) => void;
}

/** What the rule watches for: the kind of condition, the fields that kind needs, and a word on how it is judged. */
export function ConditionFields({ draft, unit, set }: ConditionFieldsProps) {
  const { t } = useTranslation('alert-rules');
  const { fields, hint } = kindFields({ draft, unit, set }, t);
  return (
    <Stack gap="2">
      <HStack align="end" wrap="wrap" gap="3">
        {draft.kind === 'flow' ? null : (
          <Labelled label={t('form.when')}>
            <ChoiceSelect
              value={draft.kind}
              onChange={(value) => set('kind', value)}
              choices={KINDS.map((kind) => ({ value: kind, label: t(`form.${kind}`) }))}
            />
          </Labelled>
        )}
        {fields}
      </HStack>
      {hint ? (
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

function kindFields(
  { draft, unit, set }: ConditionFieldsProps,
  t: TFunction<'alert-rules'>,
): { fields: ReactNode; hint?: string } {
  switch (draft.kind) {
    case 'silent':
      return {
        fields: (
          <NumberField
            label={t('form.silentMinutes')}
            value={draft.silentMinutes}
            min={1}
            max={43200}
            integer
            required
            onChange={(value) => set('silentMinutes', value)}
          />
        ),
      };
    case 'rises':
    case 'falls':
      return {
        fields: (
          <NumberField
            label={unit ? t('form.perHourIn', { unit }) : t('form.perHour')}
            value={draft.perHour}
            min={0}
            required
            onChange={(value) => set('perHour', value)}
          />
        ),
        hint: t('form.rateHint'),
      };
    case 'flaggedStep':
      return { fields: null, hint: t('form.flaggedStepHint') };
    case 'flow':
      return {
        fields: (
          <Link href={builderAddress(draft)} fontSize="sm">
            {t('form.openInBuilder')}
          </Link>
        ),
        hint: t('form.flowHint', { count: draft.flow?.nodes.length ?? 0 }),
      };
    case 'budget':
      return {
        fields: (
          <>
            <Labelled label={t('form.measure')}>
              <ChoiceSelect
                value={draft.measure}
                onChange={(value) => set('measure', value)}
                choices={(['consumption', 'cost'] as const).map((measure) => ({
                  value: measure,
                  label: t(`form.measures.${measure}`),
                }))}
              />
            </Labelled>
            <Labelled label={t('form.period')}>
              <ChoiceSelect
                value={draft.period}
                onChange={(value) => set('period', value)}
                choices={(['day', 'week', 'month'] as const).map((period) => ({
                  value: period,
                  label: t(`form.periods.${period}`),
                }))}
              />
            </Labelled>
            <NumberField
              label={
                draft.measure === 'cost'
                  ? t('form.limitCost')
                  : unit
                    ? t('form.limitIn', { unit })
                    : t('form.limit')
              }
              value={draft.limit}
              min={0}
              required
              onChange={(value) => set('limit', value)}
            />
          </>
        ),
        hint: t('form.budgetHint'),
      };
    case 'baseline':
      return {
        fields: (
          <>
            <Labelled label={t('form.direction')}>
              <ChoiceSelect
                value={draft.direction}
                onChange={(value) => set('direction', value)}
                choices={(['above', 'below'] as const).map((direction) => ({
                  value: direction,
                  label: t(`form.directions.${direction}`),
                }))}
              />
            </Labelled>
            <NumberField
              label={t('form.percent')}
              value={draft.percent}
              min={0}
              max={10000}
              required
              onChange={(value) => set('percent', value)}
            />
            <Labelled label={t('form.against')}>
              <ChoiceSelect
                value={draft.against}
                onChange={(value) => set('against', value)}
                choices={(['weeksBefore', 'keptModel'] as const).map((against) => ({
                  value: against,
                  label: t(`form.againsts.${against}`),
                }))}
              />
            </Labelled>
            {draft.against === 'weeksBefore' ? (
              <NumberField
                label={t('form.weeks')}
                value={draft.weeks}
                min={2}
                max={12}
                integer
                required
                onChange={(value) => set('weeks', value)}
              />
            ) : null}
          </>
        ),
        hint: t(draft.against === 'keptModel' ? 'form.baselineModelHint' : 'form.baselineHint'),
      };
    case 'above':
    case 'below':
      return {
        fields: (
          <>
            <NumberField
              label={unit ? t('form.valueIn', { unit }) : t('form.value')}
              value={draft.value}
              required
              onChange={(value) => set('value', value)}
            />
            <NumberField
              label={t('form.hysteresis')}
              value={draft.hysteresis}
              min={0}
              required
              onChange={(value) => set('hysteresis', value)}
            />
            <NumberField
              label={t('form.forMinutes')}
              value={draft.forMinutes}
              min={0}
              max={10080}
              integer
              required
              onChange={(value) => set('forMinutes', value)}
            />
          </>
        ),
        hint: t('form.hysteresisHint'),
      };
  }
}

/** Where the logic builder opens this rule's flow: the builder reads `flow` from the address. */
function builderAddress(draft: RuleDraft): string {
  return draft.id === undefined ? '?' : `?flow=${draft.id}#builder`;
}
