import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Holiday } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import HolidayCalendar from './index';

beforeEach(() => signInToSession({ role: 'editor' }));
afterEach(() => resetSession());

const newYear: Holiday = { date: '2027-01-01', name: "New Year's Day" };
const christmas: Holiday = { date: '2026-12-25', name: 'Christmas Day' };

/** The holidays the server keeps, as it answers them: in date order. */
function useCalendarServer(initial: Holiday[], rescheduled = 0) {
  let stored = initial;
  return useApi(
    answer('holidays', () => ({ holidays: stored })),
    answer('holidaysUpdate', ({ holidays }) => {
      stored = [...holidays].sort((a, b) => a.date.localeCompare(b.date));
      return { holidays: stored, rescheduled };
    }),
  );
}

describe('holiday calendar', () => {
  it('lists the holidays by date with their weekday, and adds one, saying which reports moved', async () => {
    const calls = useCalendarServer([newYear], 2);
    renderInApp(<HolidayCalendar data={{}} />);
    const table = await screen.findByRole('table', { name: 'the holidays' });
    expect(within(table).getByText('Fri, Jan 1, 2027')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a holiday' });
    fireEvent.change(within(form).getByLabelText(/^Date/), { target: { value: '2026-12-25' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: ' Christmas Day ' } });
    fireEvent.submit(form);
    await waitFor(() => expect(callsTo(calls, 'holidaysUpdate')).toHaveLength(1));
    // The list as it is to be, replacing the one stored.
    expect(callsTo(calls, 'holidaysUpdate')[0]?.request).toEqual({ holidays: [newYear, christmas] });
    expect(
      await screen.findByText("Christmas Day (Fri, Dec 25, 2026) is a holiday. 2 reports' next runs moved."),
    ).toBeTruthy();
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('row')
          .map((row) => row.textContent),
      ).toEqual(['DateName', 'Fri, Dec 25, 2026Christmas DayRemove', "Fri, Jan 1, 2027New Year's DayRemove"]),
    );
  });

  it('takes a day off the list, and refuses a date twice without asking the server', async () => {
    const calls = useCalendarServer([christmas, newYear]);
    renderInApp(<HolidayCalendar data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Christmas Day' }));
    await waitFor(() => expect(callsTo(calls, 'holidaysUpdate')).toHaveLength(1));
    expect(callsTo(calls, 'holidaysUpdate')[0]?.request).toEqual({ holidays: [newYear] });
    expect(await screen.findByText('Christmas Day (Fri, Dec 25, 2026) is a working day again.')).toBeTruthy();

    const form = screen.getByRole('form', { name: 'Add a holiday' });
    fireEvent.change(within(form).getByLabelText(/^Date/), { target: { value: '2027-01-01' } });
    fireEvent.change(within(form).getByLabelText(/^Name/), { target: { value: 'Again' } });
    fireEvent.submit(form);
    expect(await screen.findByText('Fri, Jan 1, 2027 is on the list already.')).toBeTruthy();
    expect(callsTo(calls, 'holidaysUpdate')).toHaveLength(1);
  });

  it('shows a viewer the holidays to read, with no form and nothing to remove', async () => {
    signInToSession({ role: 'viewer' });
    useCalendarServer([newYear]);
    renderInApp(<HolidayCalendar data={{}} />);
    await screen.findByText("New Year's Day");
    expect(screen.queryByRole('form', { name: 'Add a holiday' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('shows a person without an organisation nothing, and asks the server nothing', async () => {
    signInToSession({ role: 'admin', organisationId: null });
    const calls = useCalendarServer([newYear]);
    renderInApp(<HolidayCalendar data={{}} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Holidays' })).toBeNull();
    expect(calls).toEqual([]);
  });
});
