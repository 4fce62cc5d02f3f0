import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, failWith } from '../../../tests/api/answers';
import { callsTo, useApi } from '../../../tests/api/test-server';
import { resetSession, signInToSession } from '../../../tests/fixtures/current-user';
import { renderInApp } from '../../../tests/render';
import type { DashboardGetResponse, DashboardResponse, PageSummary, Role } from '../../generated/api-types';
import { pageSummary } from '../../layouts/page-summary.test-helper';
import { OrganisationDashboardPage } from './organisation-dashboard-page';
import { StoredPage } from './stored-page';

afterEach(() => resetSession());

const TEMPLATES = [
  { path: 'dashboard', title: 'Dashboard' },
  { path: 'dashboard/alpha', title: 'Dashboard: Alpha' },
];

/** The organisation's dashboard (1) with Alpha (2) and a page of its own (3) under it, and another page (4). */
const PAGES: PageSummary[] = [
  { ...pageSummary(1, 'dashboard'), title: 'Dashboard', revision: 4 },
  { ...pageSummary(2, 'dashboard/alpha', 1), title: 'Dashboard: Alpha' },
  { ...pageSummary(3, null, 1), title: 'Plant room' },
  { ...pageSummary(4, null), title: 'Elsewhere' },
];

/** A stored page whose one card says which page and revision it is. */
function opened(page: PageSummary, revision = page.revision): DashboardGetResponse {
  return {
    page: { ...page, revision },
    document: {
      schemaVersion: 2,
      id: `page-${page.id}`,
      title: page.title,
      rows: [
        {
          key: 'r',
          columns: [
            {
              key: 'c',
              span: 12,
              cards: [
                {
                  key: 'k',
                  widgets: [
                    { key: 't', name: 'text', data: { body: `Page ${page.id} at revision ${revision}` } },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    migratedFrom: null,
  };
}

function useServer(list: () => DashboardResponse['pages']) {
  let revision = 4;
  return useApi(
    answer('dashboard', () => ({ pages: list(), templates: TEMPLATES })),
    answer('dashboardGet', (request) => {
      const page = list().find((candidate) => candidate.id === Number(request.id)) as PageSummary;
      return opened(page, page.id === 1 ? revision : page.revision);
    }),
    answer('dashboardReset', () => {
      revision += 1;
      return opened(PAGES[0] as PageSummary, revision);
    }),
  );
}

function show(ui: ReactElement, role: Role, route: string) {
  signInToSession({ role });
  renderInApp(ui, { route });
}

describe("the organisation's dashboard at its template's address", () => {
  it('shows the page it keeps from the template, with the pages under it as tabs', async () => {
    const calls = useServer(() => PAGES);
    show(<OrganisationDashboardPage template="dashboard" />, 'viewer', '/dashboard');
    expect(await screen.findByText('Page 1 at revision 4')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Pages of Dashboard' });
    const links = within(tabs)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href'), link.getAttribute('aria-current')]);
    expect(links).toEqual([
      ['Dashboard', '/dashboard', 'page'],
      ['Dashboard: Alpha', '/dashboard/alpha', null],
      ['Plant room', '/dashboards/3', null],
    ]);
    expect(callsTo(calls, 'dashboardGet').map((call) => Number(call.request.id))).toEqual([1]);
    // A viewer may look, not change.
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reset to template' })).toBeNull();
  });

  it('opens a sub-page at its template address with its dashboard as the first tab', async () => {
    useServer(() => PAGES);
    show(<OrganisationDashboardPage template="dashboard/alpha" />, 'viewer', '/dashboard/alpha');
    expect(await screen.findByText('Page 2 at revision 1')).toBeTruthy();
    const tabs = screen.getByRole('navigation', { name: 'Pages of Dashboard' });
    expect(within(tabs).getByRole('link', { name: 'Dashboard: Alpha' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('shows the built-in template when the page was deleted, and lets an editor take it back', async () => {
    let pages = PAGES.filter((page) => page.id !== 2);
    const calls = useServer(() => pages);
    useApi(
      answer('dashboardCreate', (request) => {
        const created = {
          ...pageSummary(9, request.template ?? null, request.parentId ?? null),
          title: request.title,
        };
        pages = [...pages, created];
        return opened(created);
      }),
    );
    show(<OrganisationDashboardPage template="dashboard/alpha" />, 'editor', '/dashboard/alpha');
    const notice = await screen.findByTestId('template-only');
    expect(within(notice).getByText('This is the built-in template')).toBeTruthy();
    fireEvent.click(within(notice).getByRole('button', { name: 'Add to your dashboards' }));
    expect(await screen.findByText('Page 9 at revision 1')).toBeTruthy();
    expect(callsTo(calls, 'dashboardCreate').map((call) => call.request)).toEqual([
      { title: 'Dashboard: Alpha', template: 'dashboard/alpha', parentId: 1 },
    ]);
  });

  it('offers a viewer no way to take the template back', async () => {
    useServer(() => []);
    show(<OrganisationDashboardPage template="dashboard" />, 'viewer', '/dashboard');
    const notice = await screen.findByTestId('template-only');
    expect(within(notice).queryByRole('button')).toBeNull();
  });
});

describe('a stored page', () => {
  it('asks an editor before resetting it to its template, then shows the new revision', async () => {
    const calls = useServer(() => PAGES);
    signInToSession({ role: 'editor' });
    renderInApp(<StoredPage />, { route: '/dashboards/1', path: '/dashboards/:pageId' });
    expect(await screen.findByText('Page 1 at revision 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe('/dashboards/1/edit');

    fireEvent.click(screen.getByRole('button', { name: 'Reset to template' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset Dashboard to its template?' });
    expect(within(dialog).getByText(/saved as revision 5\. Every earlier revision stays/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Page 1 at revision 5')).toBeTruthy();
    expect(callsTo(calls, 'dashboardReset').map((call) => call.request)).toEqual([
      { id: 1, baseRevision: 4 },
    ]);
  });

  it('says so when the page cannot be loaded', async () => {
    useServer(() => PAGES);
    useApi(failWith('dashboardGet', 500, 'The database is not answering.'));
    signInToSession({ role: 'viewer' });
    renderInApp(<OrganisationDashboardPage template="dashboard" />, { route: '/dashboard' });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This dashboard could not be loaded: The database is not answering.',
    );
  });

  it('offers no reset for a page that did not start from a template', async () => {
    useServer(() => PAGES);
    signInToSession({ role: 'editor' });
    renderInApp(<StoredPage />, { route: '/dashboards/4', path: '/dashboards/:pageId' });
    expect(await screen.findByText('Page 4 at revision 1')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Reset to template' })).toBeNull();
    // A page alone has no tabs.
    expect(screen.queryByRole('navigation', { name: /^Pages of/ })).toBeNull();
  });
});
