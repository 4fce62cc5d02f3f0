import { Field } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReportSchedule } from '../../src/generated/api-types';
import { ChoiceSelect } from '../shared/choice-select';
import { paperChoices, scheduleChoices } from './report-choices';

/**
 * The paper a report is printed on and when it is sent, by the names
 * report-choices.ts offers them under, as both report forms ask; `current`,
 * a report's own schedule, is offered as itself when none of the others is it.
 */
export function PaperAndScheduleFields({
  paper,
  onPaper,
  schedule,
  onSchedule,
  current,
}: {
  paper: string;
  onPaper: (paper: string) => void;
  schedule: string;
  onSchedule: (schedule: string) => void;
  current?: ReportSchedule | null;
}) {
  const { t } = useTranslation('report-list');
  return (
    <>
      <Field.Root width="auto" minW="40">
        <Field.Label>{t('form.paper')}</Field.Label>
        <ChoiceSelect choices={paperChoices(t)} value={paper} onChange={onPaper} />
      </Field.Root>
      <Field.Root width="auto" minW="48">
        <Field.Label>{t('form.schedule')}</Field.Label>
        <ChoiceSelect choices={scheduleChoices(t, current)} value={schedule} onChange={onSchedule} />
      </Field.Root>
    </>
  );
}
