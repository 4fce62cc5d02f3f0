import { Button, Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHolidays } from '../../src/data/holidays';
import { useSites } from '../../src/data/places';
import { useCreateReport } from '../../src/data/reports';
import type {
  ReportPaper,
  ReportPeriod,
  ReportRecipient,
  ReportSchedule,
  SitesResponse,
} from '../../src/generated/api-types';
import { productLocale } from '../../src/i18n/app-locale';
import { LOCALE_NAMES, type Locale } from '../../src/i18n/i18n';
import { loadLayoutFile } from '../../src/layouts/layout-files';
import { nextRuns } from '../../src/reports/report-schedule';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { type Choice, ChoiceSelect } from '../shared/choice-select';
import { everyWords, formatInZone, paperWords } from './report-words';

/** The templates a report starts from: layouts/reports/templates/<name>.json, as the layout editor edits them. */
const TEMPLATES = ['site-energy-month', 'portfolio-benchmark', 'data-quality', 'alert-summary'] as const;
type Template = (typeof TEMPLATES)[number];

/** The site choice that covers every site: a portfolio's report. */
const ALL_SITES = 0;

type PeriodKind = Exclude<ReportPeriod['kind'], 'custom'>;
const PERIODS: readonly PeriodKind[] = ['lastMonth', 'lastWeek', 'yesterday'];

/** The papers offered: A4 and US Letter, either way round. */
const PAPERS: Record<string, ReportPaper> = {
  'A4-portrait': { size: 'A4', landscape: false },
  'A4-landscape': { size: 'A4', landscape: true },
  'Letter-portrait': { size: 'Letter', landscape: false },
  'Letter-landscape': { size: 'Letter', landscape: true },
};

/** The schedules offered at first; any other is a report's JSON away. */
const SCHEDULES: Record<string, ReportSchedule | null> = {
  none: null,
  monthly: { every: 'month', on: { workingDay: 1 }, at: '07:00' },
  weekly: { every: 'week', weekday: 1, at: '07:00' },
  daily: { every: 'day', at: '07:00', workingDaysOnly: true },
};

/** How many of a schedule's next runs the form shows, so a person sees when the first mails go. */
const RUNS_PREVIEWED = 3;

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
  const [scheduleName, setScheduleName] = useState('monthly');
  const [title, setTitle] = useState('');
  const [addresses, setAddresses] = useState('');
  const [language, setLanguage] = useState<Locale>(productLocale());
  const [paperName, setPaperName] = useState('A4-portrait');
  const [attachPdf, setAttachPdf] = useState(false);
  // A portfolio benchmark starts on every site, the others on one, until the person picks.
  const chosen = siteId ?? (template === 'portfolio-benchmark' ? ALL_SITES : (sites[0] as Site).id);
  const site = sites.find((entry) => entry.id === chosen);
  const scopeName = site?.name ?? t('form.allSites');
  // Every site's report is read in the first site's zone; a site's in its own.
  const timeZone = (site ?? sites[0])?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const defaultTitle = t(`form.defaultTitles.${template}`, { site: scopeName });
  const schedule = SCHEDULES[scheduleName] ?? null;
  // The organisation's holidays move runs on working days; until they are read, the preview goes without.
  const calendar = useHolidays();
  const holidays = calendar.data?.holidays;
  const upcoming = useMemo(
    () =>
      schedule
        ? nextRuns(schedule, Date.now(), timeZone, RUNS_PREVIEWED, {
            holidays: new Set(holidays?.map((holiday) => holiday.date)),
          })
        : [],
    [schedule, timeZone, holidays],
  );

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
        paper: PAPERS[paperName],
        schedule,
        recipients: schedule ? recipientsOf(addresses, language) : [],
        attachPdf: schedule !== null && attachPdf,
      },
      {
        onSuccess: ({ report }) => {
          notify.success(t('form.created', { title: report.title }));
          setTitle('');
          setAddresses('');
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
          <Field.Root width="auto" minW="40">
            <Field.Label>{t('form.paper')}</Field.Label>
            <ChoiceSelect
              choices={Object.entries(PAPERS).map(([name, paper]) => ({
                value: name,
                label: paperWords(t, paper),
              }))}
              value={paperName}
              onChange={setPaperName}
            />
          </Field.Root>
          <Field.Root width="auto" minW="48">
            <Field.Label>{t('form.schedule')}</Field.Label>
            <ChoiceSelect
              choices={Object.entries(SCHEDULES).map(([name, value]) => ({
                value: name,
                label: value ? everyWords(t, value) : t('schedule.none'),
              }))}
              value={scheduleName}
              onChange={setScheduleName}
            />
          </Field.Root>
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
        <HStack gap="3" wrap="wrap" align="start">
          <Field.Root flex="1" minW="64" disabled={!schedule}>
            <Field.Label>{t('form.recipients')}</Field.Label>
            <Input
              name="recipients"
              type="text"
              inputMode="email"
              value={schedule ? addresses : ''}
              maxLength={2_000}
              placeholder={t('form.recipientsPlaceholder')}
              onChange={(event) => setAddresses(event.target.value)}
            />
            <Field.HelperText>
              {schedule ? t('form.recipientsHint') : t('form.recipientsNeedSchedule')}
            </Field.HelperText>
          </Field.Root>
          <Field.Root width="auto" minW="36" disabled={!schedule}>
            <Field.Label>{t('form.language')}</Field.Label>
            <ChoiceSelect
              choices={Object.entries(LOCALE_NAMES).map(([value, label]) => ({
                value: value as Locale,
                label,
              }))}
              value={language}
              onChange={setLanguage}
            />
          </Field.Root>
        </HStack>
        <Checkbox.Root
          checked={schedule !== null && attachPdf}
          disabled={!schedule}
          onCheckedChange={(details) => setAttachPdf(details.checked === true)}
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('form.attachPdf')}</Checkbox.Label>
        </Checkbox.Root>
        {calendar.isError ? (
          <Text fontSize="sm" color="fg.warning" role="alert">
            {t('form.holidaysUnread', { message: calendar.error.message })}
          </Text>
        ) : null}
        <Text fontSize="sm" color="fg.muted" data-testid="next-runs">
          {upcoming.length > 0
            ? t('form.nextRuns', {
                runs: upcoming.map((run) => formatInZone(run, timeZone)).join(', '),
                zone: timeZone,
              })
            : t('form.onDemand')}
        </Text>
        <Button type="submit" alignSelf="start" size="sm" loading={create.isPending}>
          {t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}

/** The addresses typed, each once, as recipients reading the language chosen; the server checks each is one. */
function recipientsOf(typed: string, locale: Locale): ReportRecipient[] {
  const addresses = typed
    .split(/[,;\s]+/)
    .map((address) => address.trim())
    .filter((address) => address !== '');
  const unique = [...new Map(addresses.map((address) => [address.toLowerCase(), address])).values()];
  return unique.map((email) => ({ kind: 'address', email, locale }));
}
