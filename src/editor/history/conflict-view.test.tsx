import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../../../tests/render';
import { ApiFailure } from '../../api/api-failure';
import { i18next } from '../../i18n/i18n';
import { ConflictView } from './conflict-view';
import { edited, energyPage } from './document-diff.test-helper';
import { type ConflictingRevision, conflictOf } from './save-conflict';

beforeAll(() => i18next.loadNamespaces('editor-history'));

const THEIRS: ConflictingRevision = {
  revision: 5,
  document: energyPage(),
  author: 'Grace',
  savedAt: new Date(Date.now() - 3 * 60_000).toISOString(),
  message: 'Gas first',
};

const MINE = edited((page) => {
  page.title = 'Energy at a glance';
});

function show(theirs: ConflictingRevision = THEIRS) {
  const callbacks = { onKeepMine: vi.fn(), onTakeTheirs: vi.fn(), onMergeByHand: vi.fn() };
  renderInApp(<ConflictView mine={MINE} theirs={theirs} {...callbacks} />);
  return callbacks;
}

describe('the conflict view', () => {
  it('says who saved the page meanwhile, when, and with what message', () => {
    show();
    const region = screen.getByRole('region', { name: 'Someone saved this page while you were editing' });
    expect(within(region).getByText(/^Grace saved revision 5 3 minutes ago \(.+\)\.$/)).toBeTruthy();
    expect(within(region).getByText('Their message: “Gas first”')).toBeTruthy();
  });

  it('shows what my version changes in theirs', () => {
    show();
    const differences = screen.getByRole('list', { name: 'Differences' });
    const [entry] = within(differences).getAllByRole('listitem');
    expect(
      within(entry as HTMLElement).getByText('Theirs (revision 5)').nextElementSibling?.textContent,
    ).toBe('"Energy overview"');
    expect(within(entry as HTMLElement).getByText('Yours').nextElementSibling?.textContent).toBe(
      '"Energy at a glance"',
    );
  });

  it('calls back the choice made, each button saying what it does', async () => {
    const callbacks = show();
    const keep = screen.getByRole('button', { name: 'Keep my version' });
    expect(keep.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(keep.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Theirs stays in the history',
    );
    await userEvent.click(keep);
    expect(callbacks.onKeepMine).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Take their version' }));
    expect(callbacks.onTakeTheirs).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: 'Merge by hand' }));
    expect(callbacks.onMergeByHand).toHaveBeenCalledTimes(1);
    expect(callbacks.onKeepMine).toHaveBeenCalledTimes(1);
    expect(callbacks.onTakeTheirs).toHaveBeenCalledTimes(1);
  });

  it('names a saver since deleted, and leaves out a message not given', () => {
    show({ ...THEIRS, author: null, message: null });
    expect(screen.getByText(/^a former member saved revision 5/)).toBeTruthy();
    expect(screen.queryByText(/^Their message/)).toBeNull();
  });
});

describe('reading a save conflict from an error', () => {
  it('gives the current revision from a 409 answer, and nothing from any other failure', () => {
    expect(conflictOf(new ApiFailure(409, { message: 'Saved meanwhile.', conflict: THEIRS }))).toEqual(
      THEIRS,
    );
    expect(conflictOf(new ApiFailure(400, { message: 'Bad.' }))).toBeUndefined();
    expect(conflictOf(new Error('offline'))).toBeUndefined();
  });
});
