import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSites } from '../../src/data/places';
import { useCreateReport } from '../../src/data/reports';
import type { ReportPeriod, SitesResponse } from '../../src/generated/api-types';
import { productLocale } from '../../src/i18n/app-locale';
import { loadLayoutFile } from '../../src/layouts/layout-files';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { type Choice, ChoiceSelect } from '../shared/choice-select';
import { type MailChoice, MailFields, NO_MAIL } from './mail-fields';
import { NextRunsPreview } from './next-runs-preview';
import { PaperAndScheduleFields } from './paper-schedule-fields';
import { chosenRecipients, PAPERS, SCHEDULES } from './report-choices';

/** The templates a report starts from: layouts/reports/templates/<name>.json, as the layout editor edits them. */
const TEMPLATES = ['site-energy-month', 'portfolio-benchmark', 'data-quality', 'alert-summary'] as const;
type Template = (typeof TEMPLATES)[number];

/** The site choice that covers every site: a portfolio's report. */
const ALL_SITES = 0;

type PeriodKind = Exclude<ReportPeriod['kind'], 'custom'>;
const PERIODS: readonly PeriodKind[] = ['lastMonth', 'lastWeek', 'yesterday'];

type Site = SitesResponse['sites'][number]['entity'];

/** A new report on one of the organisation's sites; without sites, what to do first; their failure, said. */
export function NewReportForm() {
  const { t } = useTranslation('report-list');
  const state = fromQuery(useSites());
  return (
    <DataState state={state} what={t('form.sites')}>
      {({ sites }) =>
        sites.length === 0 ? (
          <Text fontSize="sm">{t('form.noSites')}</Text>
        ) : (
          <ReportForm sites={sites.map((entry) => entry.entity)} />
        )
      }
    </DataState>
  );
}

/** A new report on a site from a template, for a period, maybe on a schedule: its next runs shown before it is saved. */
function ReportForm({ sites }: { sites: Site[] }) {
  const { t } = useTranslation('report-list');
  const create = useCreateReport();
  const [siteId, setSiteId] = useState<number>();
  const [template, setTemplate] = useState<Template>('site-energy-month');
  const [period, setPeriod] = useState<PeriodKind>('lastMonth');
  const [scheduleChoice, setScheduleChoice] = useState('monthly');
  const [title, setTitle] = useState('');
  const [mail, setMail] = useState<MailChoice>({ ...NO_MAIL, language: productLocale() });
  const [paperChoice, setPaperChoice] = useState('A4-portrait');
  // A portfolio benchmark starts on every site, the others on one, until the person picks.
  const chosen = siteId ?? (template === 'portfolio-benchmark' ? ALL_SITES : (sites[0] as Site).id);
  const site = sites.find((entry) => entry.id === chosen);
  const scopeName = site?.name ?? t('form.allSites');
  // Every site's report is read in the first site's zone; a site's in its own.
  const timeZone = (site ?? sites[0])?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const defaultTitle = t(`form.defaultTitles.${template}`, { site: scopeName });
  const schedule = SCHEDULES[scheduleChoice] ?? null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const document = await loadLayoutFile(`reports/templates/${template}`);
    create.mutate(
      {
        title: title.trim() || defaultTitle,
        document: document as never,
        scope: { kind: 'sites', siteIds: site ? [site.id] : sites.map((entry) => entry.id) },
        period: { kind: period },
        timeZone,
        paper: PAPERS[paperChoice],
        schedule,
        recipients: schedule ? chosenRecipients(mail) : [],
        attachPdf: schedule !== null && mail.attachPdf,
      },
      {
        onSuccess: ({ report }) => {
          notify.success(t('form.created', { title: report.title }));
          setTitle('');
          setMail((current) => ({ ...current, members: [], addresses: '' }));
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  };
  const choices = <V extends string>(values: readonly V[], prefix: string): Choice<V>[] =>
    values.map((value) => ({ value, label: t(`${prefix}.${value}`) }));

  return (
    <form onSubmit={submit} aria-label={t('form.label')}>
      <Stack gap="3" borderWidth="1px" borderRadius="md" padding="3">
        <Text fontWeight="semibold">{t('form.label')}</Text>
        <HStack gap="3" wrap="wrap" align="end">
          <Field.Root width="auto" minW="48">
            <Field.Label>{t('form.template')}</Field.Label>
            <ChoiceSelect choices={choices(TEMPLATES, 'template')} value={template} onChange={setTemplate} />
          </Field.Root>
          <Field.Root width="auto" minW="48">
            <Field.Label>{t('form.site')}</Field.Label>
            <ChoiceSelect
              choices={[
                { value: ALL_SITES, label: t('form.allSites') },
                ...sites.map((entry) => ({ value: entry.id, label: entry.name })),
              ]}
              value={chosen}
              onChange={setSiteId}
            />
          </Field.Root>
          <Field.Root width="auto" minW="40">
            <Field.Label>{t('form.period')}</Field.Label>
            <ChoiceSelect choices={choices(PERIODS, 'period')} value={period} onChange={setPeriod} />
          </Field.Root>
          <PaperAndScheduleFields
            paper={paperChoice}
            onPaper={setPaperChoice}
            schedule={scheduleChoice}
            onSchedule={setScheduleChoice}
          />
        </HStack>
        <Field.Root>
          <Field.Label>{t('form.title')}</Field.Label>
          <Input
            name="title"
            value={title}
            maxLength={200}
            placeholder={defaultTitle}
            onChange={(event) => setTitle(event.target.value)}
          />
        </Field.Root>
        <MailFields scheduled={schedule !== null} value={mail} onChange={setMail} />
        <NextRunsPreview schedule={schedule} timeZone={timeZone} />
        <Button type="submit" alignSelf="start" size="sm" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
