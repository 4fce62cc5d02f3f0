import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HttpHandler } from 'msw';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answer, failWith } from '../../../tests/api/answers';
import { apiServer, callsTo, useApi } from '../../../tests/api/test-server';
import { resetSession, signInToSession } from '../../../tests/fixtures/current-user';
import { renderInApp } from '../../../tests/render';
import type { PageRevision, PageSummary, Role } from '../../generated/api-types';
import { i18next } from '../../i18n/i18n';
import { type EnergyPage, edited, energyPage } from './document-diff.test-helper';
import { RevisionHistory } from './revision-history';

beforeAll(() => i18next.loadNamespaces('editor-history'));
afterEach(() => resetSession());

const HOUR = 3_600_000;

/** Three saves of page 1, newest first: created, then whole kWh to one decimal, then retitled. */
const REVISIONS: PageRevision[] = [
  {
    revision: 3,
    author: 'Grace',
    preset: false,
    createdAt: new Date(Date.now() - 2 * HOUR).toISOString(),
    message: 'Retitled',
  },
  { revision: 2, author: null, preset: false, createdAt: '2026-01-15T12:00:00.000Z', message: 'One decimal' },
  { revision: 1, author: null, preset: true, createdAt: '2026-01-14T08:00:00.000Z', message: null },
];

const DOCUMENTS: Record<number, EnergyPage> = {
  1: energyPage(),
  2: edited((page) => {
    const widget = page.rows[0]?.columns[0]?.cards[0]?.widgets[0];
    if (widget) widget.data.precision = 1;
  }),
};
DOCUMENTS[3] = { ...(DOCUMENTS[2] as EnergyPage), title: 'Energy at a glance' };

function summary(revision: number): PageSummary {
  return {
    id: 1,
    title: 'Energy overview',
    template: null,
    parentId: null,
    revision,
    updatedAt: '2026-01-16T10:00:00.000Z',
    updatedBy: 'Ada',
    preset: false,
  };
}

/**
 * The test's answers, with a restore answered before the shared contract check:
 * that check reads the page id from the address strictly, as text, for an
 * endpoint with a JSON body, and refuses every restore, which the server (its
 * path parameters read as numbers, server/http/request-validators.ts) accepts.
 */
function useHistoryApi(restore: HttpHandler, ...handlers: HttpHandler[]) {
  const calls = useApi(...handlers);
  apiServer.use(restore);
  return calls;
}

/** The server's answers for page 1's history; a restore makes revision 4 and lists it. */
function answers(): [restore: HttpHandler, ...rest: HttpHandler[]] {
  let revisions = REVISIONS;
  return [
    answer('dashboardRestore', (request) => {
      const restored = {
        revision: 4,
        author: 'Ada',
        preset: false,
        createdAt: new Date().toISOString(),
        message: null,
      };
      revisions = [restored, ...REVISIONS];
      return { page: summary(4), document: DOCUMENTS[request.revision] as EnergyPage, migratedFrom: null };
    }),
    answer('dashboardRevisions', () => ({ revisions })),
    answer('dashboardRevision', (request) => {
      const number = Number(request.revision);
      const revision = REVISIONS.find((entry) => entry.revision === number) as PageRevision;
      return { revision, document: DOCUMENTS[number] as EnergyPage, migratedFrom: null };
    }),
  ];
}

function show(role: Role, callbacks: { onOpen?: () => void; onRestored?: () => void } = {}) {
  signInToSession({ role });
  renderInApp(
    <RevisionHistory
      pageId={1}
      currentRevision={3}
      onOpen={callbacks.onOpen ?? vi.fn()}
      onRestored={callbacks.onRestored ?? vi.fn()}
    />,
  );
}

const revision = (number: number) => screen.findByRole('group', { name: `Revision ${number}` });

// Each test renders the panel and waits on several answers and dialogs: about 1 to 2.5 s alone, and
// past the default 5 s on a two-core machine busy with other test files.
describe('the revision history', { timeout: 15_000 }, () => {
  it('lists the revisions newest first, with who saved each, when, and why', async () => {
    useHistoryApi(...answers());
    show('editor');
    const newest = await revision(3);
    const groups = screen.getAllByRole('group').map((group) => group.getAttribute('aria-label'));
    expect(groups).toEqual(['Revision 3', 'Revision 2', 'Revision 1']);
    expect(within(newest).getByText('Current')).toBeTruthy();
    expect(within(newest).getByText(/^by Grace/)).toBeTruthy();
    expect(within(newest).getByText('Retitled')).toBeTruthy();
    const time = newest.querySelector('time');
    expect(time?.textContent).toMatch(/^2 hours ago \(.+\)$/);
    const second = await revision(2);
    expect(second.querySelector('time')?.getAttribute('datetime')).toBe('2026-01-15T12:00:00.000Z');
    expect(second.querySelector('time')?.textContent).toContain('Jan 15, 2026');
    // A saver since deleted is not a blank.
    expect(within(second).getByText(/^by a former member/)).toBeTruthy();
    // A starter dashboard's first revision is the product's, not the member's who made the organisation.
    const first = await revision(1);
    expect(within(first).getByText(/^preset by Insights/)).toBeTruthy();
    expect(within(first).getByText('No message')).toBeTruthy();
  });

  it('offers the current revision neither a comparison with itself nor a restore, nor the first a previous', async () => {
    useHistoryApi(...answers());
    show('editor');
    const current = await revision(3);
    expect(within(current).queryByRole('button', { name: 'Compare with current' })).toBeNull();
    expect(within(current).queryByRole('button', { name: 'Restore' })).toBeNull();
    const first = await revision(1);
    expect(within(first).queryByRole('button', { name: 'Compare with previous' })).toBeNull();
    expect(within(first).getByRole('button', { name: 'Restore' })).toBeTruthy();
  });

  it('opens a revision to read, with its document', async () => {
    useHistoryApi(...answers());
    const onOpen = vi.fn();
    show('viewer', { onOpen });
    await userEvent.click(within(await revision(1)).getByRole('button', { name: 'Open' }));
    await waitFor(() => expect(onOpen).toHaveBeenCalledTimes(1));
    expect(onOpen).toHaveBeenCalledWith(REVISIONS[2], DOCUMENTS[1]);
  });

  it('says why a revision could not be opened, and opens nothing', async () => {
    const [restore, revisions] = answers();
    useHistoryApi(
      restore,
      ...(revisions ? [revisions] : []),
      failWith('dashboardRevision', 500, 'Storage is away.'),
    );
    const onOpen = vi.fn();
    show('viewer', { onOpen });
    await userEvent.click(within(await revision(2)).getByRole('button', { name: 'Open' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Storage is away.');
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('compares a revision with the one before it, and with the current one', async () => {
    const calls = useHistoryApi(...answers());
    show('viewer');
    await userEvent.click(within(await revision(2)).getByRole('button', { name: 'Compare with previous' }));
    let dialog = await screen.findByRole('dialog', { name: 'Revision 1 → revision 2' });
    expect(await within(dialog).findByText('1 difference')).toBeTruthy();
    expect(within(dialog).getByText(/› Widget kwh \(stat\) › data › precision$/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(within(await revision(1)).getByRole('button', { name: 'Compare with current' }));
    dialog = await screen.findByRole('dialog', { name: 'Revision 1 → revision 3' });
    expect(await within(dialog).findByText('2 differences')).toBeTruthy();
    // Each revision is fetched once, however often it is compared.
    const fetched = callsTo(calls, 'dashboardRevision').map((call) => Number(call.request.revision));
    expect(fetched.sort()).toEqual([1, 2, 3]);
  });

  it('restores a revision as a new one only once the person confirms, then lists it', async () => {
    const calls = useHistoryApi(...answers());
    const onRestored = vi.fn();
    show('editor', { onRestored });
    await userEvent.click(within(await revision(1)).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore revision 1?' });
    expect(
      within(dialog).getByText(/saved again as a new revision, revision 4\. Nothing is lost/),
    ).toBeTruthy();
    expect(callsTo(calls, 'dashboardRestore')).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore revision 1' }));
    await waitFor(() => expect(onRestored).toHaveBeenCalledWith(4, DOCUMENTS[1]));
    const restore = callsTo(calls, 'dashboardRestore').map(({ request }) => ({
      ...request,
      id: Number(request.id),
    }));
    expect(restore).toEqual([{ id: 1, revision: 1, baseRevision: 3 }]);
    expect(within(await revision(4)).getByText('Current')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('does nothing when the restore is cancelled', async () => {
    const calls = useHistoryApi(...answers());
    show('editor');
    await userEvent.click(within(await revision(2)).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore revision 2?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(callsTo(calls, 'dashboardRestore')).toHaveLength(0);
  });

  it("shows the server's words when a restore fails, and fetches the history again after a conflict", async () => {
    const [, ...rest] = answers();
    const calls = useHistoryApi(
      failWith('dashboardRestore', 409, 'Revision 4 was saved meanwhile.'),
      ...rest,
    );
    const onRestored = vi.fn();
    show('editor', { onRestored });
    await userEvent.click(within(await revision(1)).getByRole('button', { name: 'Restore' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Restore revision 1?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Restore revision 1' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain(
      'Revision 4 was saved meanwhile.',
    );
    await waitFor(() => expect(callsTo(calls, 'dashboardRevisions')).toHaveLength(2));
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('offers a viewer no restore', async () => {
    useHistoryApi(...answers());
    show('viewer');
    await revision(1);
    expect(screen.queryByRole('button', { name: 'Restore' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Open' })).toHaveLength(3);
  });

  it('says when the history cannot be loaded, and tries again', async () => {
    useApi(failWith('dashboardRevisions', 500, 'The database is away.'));
    show('viewer');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The history could not be loaded: The database is away.');
    useHistoryApi(...answers());
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await revision(3)).toBeTruthy();
  });
});
