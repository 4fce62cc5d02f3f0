import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useAtomValue } from 'jotai';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../src/auth/use-can';
import { useHolidays, useSaveHolidays } from '../../src/data/holidays';
import type { WidgetProps } from '../../src/engine/widget-types';
import type { Holiday } from '../../src/generated/api-types';
import { cachedFormat } from '../../src/i18n/app-locale';
import { sessionAtom } from '../../src/session/session-atoms';
import { DataState, fromQuery } from '../../src/ui/data-state';
import { notify } from '../../src/ui/toaster';
import { EmptyNotice } from '../shared/empty-notice';
import { FormField, formText } from '../shared/form-field';

/**
 * The organisation's holidays: the days report schedules on working days step
 * over, as over a weekend. Every member reads them; editors add and take off
 * days, and the reports' next runs move with them on the server.
 */
export default function HolidayCalendar(props: WidgetProps<'holiday-calendar'>) {
  const session = useAtomValue(sessionAtom);
  // A person without an organisation yet has no calendar: the page offers to make the organisation first.
  if (session.status !== 'authorised' || session.user.organisationId === null) return null;
  return <Calendar {...props} />;
}

function Calendar({ data }: WidgetProps<'holiday-calendar'>) {
  const { t } = useTranslation('holiday-calendar');
  const canEdit = useCan('holidaysUpdate');
  const state = fromQuery(useHolidays());
  const save = useSaveHolidays();
  // The form's fields are kept, so a refused day can be put right rather than typed again.
  const [formKey, setFormKey] = useState(0);

  const saveList = (holidays: Holiday[], done: string) =>
    save.mutate(
      { holidays },
      {
        onSuccess: ({ rescheduled }) => {
          notify.success(rescheduled > 0 ? `${done} ${t('rescheduled', { count: rescheduled })}` : done);
        },
        onError: (error) => notify.warning(error.message),
      },
    );
  const add = (current: Holiday[]) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const holiday = {
      date: formText(event.currentTarget, 'date'),
      name: formText(event.currentTarget, 'name'),
    };
    if (current.some((each) => each.date === holiday.date)) {
      notify.warning(t('twice', { date: dayWords(holiday.date) }));
      return;
    }
    saveList([...current, holiday], t('added', { name: holiday.name, date: dayWords(holiday.date) }));
    setFormKey((key) => key + 1);
  };
  const remove = (current: Holiday[], holiday: Holiday) =>
    saveList(
      current.filter((each) => each.date !== holiday.date),
      t('removed', { name: holiday.name, date: dayWords(holiday.date) }),
    );

  return (
    <Stack gap="4">
      <Heading as="h2" size="md">
        {data.heading ?? t('heading')}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {t('intro')}
      </Text>
      <DataState state={state} what={t('what')}>
        {({ holidays }) => (
          <Stack gap="4">
            {canEdit ? (
              <form key={formKey} onSubmit={add(holidays)} aria-label={t('form.label')}>
                <HStack align="end" gap="3" wrap="wrap">
                  <FormField label={t('form.date')} name="date" type="date" required width="44" />
                  <FormField
                    label={t('form.name')}
                    name="name"
                    required
                    maxLength={120}
                    placeholder={t('form.namePlaceholder')}
                  />
                  <Button type="submit" loading={save.isPending}>
                    {t('form.submit')}
                  </Button>
                </HStack>
              </form>
            ) : null}
            {holidays.length === 0 ? (
              <EmptyNotice title={t('empty.title')} description={t('empty.description')} />
            ) : (
              <HolidayTable
                holidays={holidays}
                onRemove={canEdit ? (holiday) => remove(holidays, holiday) : undefined}
              />
            )}
          </Stack>
        )}
      </DataState>
    </Stack>
  );
}

function HolidayTable({
  holidays,
  onRemove,
}: {
  holidays: Holiday[];
  onRemove?: (holiday: Holiday) => void;
}) {
  const { t } = useTranslation('holiday-calendar');
  return (
    <Table.Root size="sm" aria-label={t('what')}>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('table.date')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('table.name')}</Table.ColumnHeader>
          {onRemove ? <Table.ColumnHeader /> : null}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {holidays.map((holiday) => (
          <Table.Row key={holiday.date}>
            <Table.Cell whiteSpace="nowrap">{dayWords(holiday.date)}</Table.Cell>
            <Table.Cell>{holiday.name}</Table.Cell>
            {onRemove ? (
              <Table.Cell textAlign="end">
                <Button
                  size="xs"
                  variant="ghost"
                  colorPalette="red"
                  onClick={() => onRemove(holiday)}
                  aria-label={t('table.removeOne', { name: holiday.name })}
                >
                  {t('table.remove')}
                </Button>
              </Table.Cell>
            ) : null}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

/** "Fri, 1 Jan 2027": a local date with its weekday, in the reader's language, never shifted by a zone. */
function dayWords(date: string): string {
  const format = cachedFormat(
    'holiday-day',
    (locale) =>
      new Intl.DateTimeFormat(locale, {
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      }),
  );
  return format.format(new Date(`${date}T00:00:00Z`));
}
