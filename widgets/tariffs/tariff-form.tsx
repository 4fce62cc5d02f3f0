import {
  Button,
  chakra,
  Field,
  Heading,
  HStack,
  Input,
  List,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiFailure } from '../../src/api/api-failure';
import { useScreenMutation } from '../../src/data/screen-mutation';
import { api } from '../../src/generated/api-client';
import type { Tariff, TariffUtility, TariffVersion } from '../../src/generated/api-types';
import { ErrorAlert } from '../../src/ui/error-alert';
import { AssignmentsEditor } from './assignments-editor';
import { ChargesEditor } from './charges-editor';
import type { Place } from './places';
import { SchedulePainter } from './schedule-painter';
import { type DayType, type TariffDraft, withoutWindow, withVersionFrom } from './tariff-draft';
import { VersionTimeline } from './version-timeline';
import { WeekPreview } from './week-preview';
import { WindowsEditor } from './windows-editor';

const UTILITIES: TariffUtility[] = ['electricity', 'gas', 'water', 'heat', 'other'];

interface TariffFormProps {
  initial: TariffDraft;
  /** The stored tariff's id; a new one has none. */
  tariffId?: number;
  places: Place[];
  readOnly: boolean;
  today: string;
  onSaved: (tariff: Tariff) => void;
  onCancel: () => void;
}

/** What the server found wrong: its message, each issue's words, and the schedule cell one points at. */
interface Problem {
  message: string;
  issues: string[];
  version?: number;
  cell?: { dayType: DayType; month: number; hour: number };
}

/**
 * A tariff's editor: its name and utility, its versions on a timeline, and
 * for the chosen version its windows, the week grid they are painted on, the
 * other charges and a preview of a week's prices; then where it applies.
 */
export function TariffForm({
  initial,
  tariffId,
  places,
  readOnly,
  today,
  onSaved,
  onCancel,
}: TariffFormProps) {
  const { t } = useTranslation('tariffs');
  const [draft, setDraft] = useState(initial);
  const [selected, setSelected] = useState(initial.versions.length - 1);
  const [newVersionFrom, setNewVersionFrom] = useState(today);
  const saveTariff = useScreenMutation(
    (saved: TariffDraft) =>
      tariffId ? api.utilityOrTariffUpdate({ id: tariffId, ...saved }) : api.utilityOrTariff(saved),
    ['tariffs'],
    { reprices: true },
  );
  const busy = saveTariff.isPending;
  const [problem, setProblem] = useState<Problem>();
  const version = draft.versions[selected] as TariffVersion;
  const priceUnit = `${draft.currency}/${draft.unit}`;

  const change = (update: Partial<TariffDraft>) => setDraft((current) => ({ ...current, ...update }));
  const changeVersion = (update: Partial<TariffVersion>) =>
    setDraft((current) => ({
      ...current,
      versions: current.versions.map((each, index) => (index === selected ? { ...each, ...update } : each)),
    }));
  const addVersion = () => {
    setDraft((current) => ({ ...current, versions: withVersionFrom(current.versions, newVersionFrom) }));
    setSelected(draft.versions.length);
  };

  const save = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    saveTariff.mutate(draft, {
      onSuccess: ({ tariff }) => onSaved(tariff),
      onError: (error) => {
        const found = problemOf(error);
        setProblem(found);
        if (found.version !== undefined) setSelected(found.version);
      },
    });
  };

  return (
    <form
      onSubmit={save}
      aria-label={tariffId ? t('form.editLabel', { name: initial.name }) : t('form.newLabel')}
    >
      {/* A fieldset is as wide as its widest content unless told otherwise: the grids would widen the page on a phone. */}
      <chakra.fieldset disabled={readOnly || busy} minW="0" border="0" p="0" m="0">
        <Stack gap="6">
          <Heading as="h3" size="md">
            {tariffId ? t('form.editLabel', { name: initial.name }) : t('form.newLabel')}
          </Heading>
          <SimpleGrid columns={{ base: 1, md: 4 }} gap="3">
            <Field.Root required gridColumn={{ md: 'span 2' }}>
              <Field.Label>{t('form.name')}</Field.Label>
              <Input
                value={draft.name}
                maxLength={120}
                placeholder={t('form.namePlaceholder')}
                onChange={(event) => change({ name: event.target.value })}
              />
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('form.utility')}</Field.Label>
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={draft.utility}
                  onChange={(event) => change({ utility: event.target.value as TariffUtility })}
                >
                  {UTILITIES.map((utility) => (
                    <option key={utility} value={utility}>
                      {t(`utilities.${utility}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
              </NativeSelect.Root>
            </Field.Root>
            <HStack gap="3" align="start">
              <Field.Root required>
                <Field.Label>{t('form.unit')}</Field.Label>
                <Input
                  value={draft.unit}
                  maxLength={20}
                  onChange={(event) => change({ unit: event.target.value })}
                />
              </Field.Root>
              <Field.Root required>
                <Field.Label>{t('form.currency')}</Field.Label>
                <Input
                  value={draft.currency}
                  maxLength={3}
                  onChange={(event) => change({ currency: event.target.value.toUpperCase() })}
                />
              </Field.Root>
            </HStack>
          </SimpleGrid>

          <Section title={t('versions.title')} help={t('versions.help')}>
            <VersionTimeline
              versions={draft.versions}
              today={today}
              selected={selected}
              onSelect={setSelected}
            />
            {readOnly ? null : (
              <HStack gap="2" wrap="wrap" align="end">
                <Field.Root maxW="12rem">
                  <Field.Label>{t('versions.newFrom')}</Field.Label>
                  <Input
                    type="date"
                    size="sm"
                    value={newVersionFrom}
                    onChange={(event) => setNewVersionFrom(event.target.value)}
                  />
                </Field.Root>
                <Button size="sm" variant="outline" onClick={addVersion} disabled={!newVersionFrom}>
                  {t('versions.add')}
                </Button>
              </HStack>
            )}
          </Section>

          <Section title={t('windows.title', { from: version.validFrom })} help={t('windows.help')}>
            <WindowsEditor
              windows={version.windows}
              priceUnit={priceUnit}
              unit={draft.unit}
              onChange={(windows) => changeVersion({ windows })}
              onRemove={(index) => changeVersion(withoutWindow(version, index))}
            />
          </Section>

          <Section title={t('schedule.title')} help={t('schedule.help')}>
            <SchedulePainter
              key={selected}
              schedule={version.schedule}
              windows={version.windows}
              readOnly={readOnly}
              onChange={(schedule) => {
                setProblem(undefined);
                changeVersion({ schedule });
              }}
              flagged={problem?.version === selected ? problem.cell : undefined}
            />
          </Section>

          <Section title={t('charges.title')}>
            <ChargesEditor
              key={selected}
              version={version}
              currency={draft.currency}
              unit={draft.unit}
              onChange={changeVersion}
            />
          </Section>

          <Section title={t('preview.title')} help={t('preview.help')}>
            <WeekPreview
              versions={draft.versions}
              currency={draft.currency}
              unit={draft.unit}
              today={today}
            />
          </Section>

          <Section title={t('assignments.title')} help={t('assignments.help')}>
            <AssignmentsEditor
              assignments={draft.assignments ?? []}
              places={places}
              readOnly={readOnly}
              onChange={(assignments) => change({ assignments })}
            />
          </Section>

          {problem ? <ProblemList problem={problem} /> : null}
          <HStack gap="3">
            {readOnly ? null : (
              <Button type="submit" loading={busy}>
                {t('form.save')}
              </Button>
            )}
            <Button variant="outline" onClick={onCancel} disabled={busy}>
              {readOnly ? t('form.close') : t('form.cancel')}
            </Button>
          </HStack>
        </Stack>
      </chakra.fieldset>
    </form>
  );
}

function Section({ title, help, children }: { title: string; help?: string; children: ReactNode }) {
  return (
    <Stack gap="3" as="section" aria-label={title}>
      <Stack gap="1">
        <Heading as="h3" size="sm">
          {title}
        </Heading>
        {help ? (
          <Text textStyle="sm" color="fg.muted">
            {help}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Stack>
  );
}

function ProblemList({ problem }: { problem: Problem }) {
  return (
    <Stack gap="2">
      <ErrorAlert message={problem.message} />
      {problem.issues.length > 0 ? (
        <List.Root ps="5" textStyle="sm" color="fg.error">
          {problem.issues.map((issue) => (
            <List.Item key={issue}>{issue}</List.Item>
          ))}
        </List.Root>
      ) : null}
    </Stack>
  );
}

const SCHEDULE_POINTER = /^\/versions\/(\d+)\/schedule\/(weekday|weekend|holiday)\/(\d+)\/(\d+)$/;
const VERSION_POINTER = /^\/versions\/(\d+)(\/|$)/;

/** The server's refusal as the form shows it, with the version and cell its first issue points at. */
export function problemOf(error: unknown): Problem {
  const message = (error as Error).message;
  const issues = error instanceof ApiFailure ? (error.body?.issues ?? []) : [];
  const first = issues[0]?.pointer ?? '';
  const cell = SCHEDULE_POINTER.exec(first);
  const version = VERSION_POINTER.exec(first);
  const messages = issues.map((issue) => issue.message).filter((text) => text !== message);
  return {
    message,
    issues: messages,
    version: version ? Number(version[1]) : undefined,
    cell: cell ? { dayType: cell[2] as DayType, month: Number(cell[3]), hour: Number(cell[4]) } : undefined,
  };
}
