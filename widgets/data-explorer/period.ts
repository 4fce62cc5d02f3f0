import { periodWindows, type TimeWindow } from '../../src/data/periods';
import type { ExplorerView } from '../../src/generated/api-types';
import { dateInputValue } from '../shared/date-input';
import type { PresetRange, ZoomBase } from './view';

/**
 * The period a view shows, in the browser's local time: a preset ends now
 * (today so far, the last 7 days, this month so far), custom dates are as given.
 */
export function viewPeriod(view: ExplorerView, now: Date): TimeWindow {
  if (view.range === 'custom' && view.from && view.to) {
    return { from: new Date(view.from), to: new Date(view.to) };
  }
  return periodWindows(view.range === 'custom' ? '7d' : view.range, now).current;
}

/** The local midnight a date input names, or null for an empty or impossible one. */
export function fromDateInput(text: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The first and last day a custom period covers, for the two date inputs (the end is exclusive). */
export function customDays(window: TimeWindow): { first: string; last: string } {
  return {
    first: dateInputValue(window.from),
    last: dateInputValue(new Date(window.to.getTime() - 1)),
  };
}

/** A custom period from two date inputs, both days included; null when they do not make one. */
export function periodFromDays(first: string, last: string): { from: string; to: string } | null {
  const start = fromDateInput(first);
  const end = fromDateInput(last);
  if (!start || !end) return null;
  const after = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  if (after <= start) return null;
  return { from: start.toISOString(), to: after.toISOString() };
}

/** The period to go back to from a zoom: the one shown before the first brush. */
export function zoomBaseOf(view: ExplorerView): ZoomBase {
  if (view.range === 'custom' && view.from && view.to)
    return { range: 'custom', from: view.from, to: view.to };
  return { range: (view.range === 'custom' ? '7d' : view.range) as PresetRange };
}
