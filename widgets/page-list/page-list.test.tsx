import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { responseExamples } from '../../src/generated/api-examples';
import type { DashboardResponse, PageSummary, Role } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import PageList from './index';

afterEach(() => resetSession());

const EXAMPLE = responseExamples.dashboard[0] as DashboardResponse;

const FIRST = EXAMPLE.pages[0] as PageSummary;

/** The server's answers: the list as `list` gives it, a page made, a page deleted (told to `onDelete`). */
function answers(list: () => DashboardResponse, onDelete: (id: number) => void) {
  return [
    answer('dashboard', list),
    answer('dashboardCreate', (request) => ({
      page: { ...FIRST, id: 41, title: request.title, template: request.template ?? null, revision: 1 },
      document: {},
      migratedFrom: null,
    })),
    answer('dashboardDelete', (request) => {
      // A path parameter arrives as text.
      const id = Number(request.id);
      onDelete(id);
      return { deleted: [id] };
    }),
  ];
}

function show(role: Role) {
  signInToSession({ role });
  renderInApp(<PageList data={{}} />, { route: '/dashboards' });
}

const NOTHING_DELETED = (_id: number) => {};

describe('page list', () => {
  it("links each of the organisation's pages, with who saved it last", async () => {
    useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('viewer');
    const link = await screen.findByRole('link', { name: 'Energy overview' });
    expect(link.getAttribute('href')).toBe('/dashboards/1');
    expect(screen.getAllByText(/^Revision 3, .* by Demo User$/)).toHaveLength(1);
    // A shipped template's title is shown in the reader's words; the page keeps it until someone edits it.
    expect(screen.getByRole('link', { name: 'Portfolio' })).toBeTruthy();
  });

  it('says a starter dashboard nobody has saved is the preset, not whose', async () => {
    const preset = { ...FIRST, id: 7, title: 'Preset page', revision: 1, updatedBy: null, preset: true };
    useApi(...answers(() => ({ ...EXAMPLE, pages: [preset] }), NOTHING_DELETED));
    show('viewer');
    await screen.findByRole('link', { name: 'Preset page' });
    expect(screen.getByText(/^Revision 1, .*, preset by Insights$/)).toBeTruthy();
    expect(screen.queryByText(/a former member/)).toBeNull();
  });

  it('lists each page after the page it sits under', async () => {
    useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('viewer');
    await screen.findByRole('link', { name: 'Energy overview' });
    // By title, with Plant room under Energy overview rather than after it.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Energy overview',
      'Plant room',
      'Portfolio',
    ]);
  });

  it('puts a new page under the page chosen, as one of its tabs', async () => {
    const calls = useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('editor');
    const form = await screen.findByRole('form', { name: 'New dashboard' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Boilers' } });
    const under = within(form).getByLabelText('Goes under') as HTMLSelectElement;
    expect([...under.options].map((option) => option.text.trim())).toEqual([
      'A dashboard of its own',
      'Energy overview',
      'Plant room',
      'Portfolio',
    ]);
    fireEvent.change(under, { target: { value: '2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(callsTo(calls, 'dashboardCreate')).toHaveLength(1));
    expect(callsTo(calls, 'dashboardCreate')[0]?.request).toEqual({
      title: 'Boilers',
      template: 'dashboard',
      parentId: 2,
    });
  });

  it('offers a viewer neither a new page nor a deletion', async () => {
    useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('viewer');
    await screen.findByRole('link', { name: 'Energy overview' });
    expect(screen.queryByRole('form', { name: 'New dashboard' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('lets an editor start a page from a template, and opens it', async () => {
    const calls = useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('editor');
    const form = await screen.findByRole('form', { name: 'New dashboard' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Plant room' } });
    fireEvent.change(within(form).getByLabelText('Start from'), { target: { value: 'dashboard/beta' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/dashboards/41'));
    expect(callsTo(calls, 'dashboardCreate').map((call) => call.request)).toEqual([
      { title: 'Plant room', template: 'dashboard/beta' },
    ]);
    // Only admins delete.
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('starts a blank page when no template is chosen', async () => {
    const calls = useApi(...answers(() => EXAMPLE, NOTHING_DELETED));
    show('editor');
    const form = await screen.findByRole('form', { name: 'New dashboard' });
    fireEvent.change(within(form).getByLabelText(/^Title/), { target: { value: 'Scratch' } });
    fireEvent.change(within(form).getByLabelText('Start from'), { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create dashboard' }));
    await waitFor(() => expect(callsTo(calls, 'dashboardCreate')).toHaveLength(1));
    expect(callsTo(calls, 'dashboardCreate')[0]?.request).toEqual({ title: 'Scratch' });
  });

  it('asks an admin before deleting, saying the pages under it go too, then lists again', async () => {
    let pages = EXAMPLE.pages;
    const calls = useApi(
      ...answers(
        () => ({ ...EXAMPLE, pages }),
        (id) => {
          pages = pages.filter((page) => page.id !== id && page.parentId !== id);
        },
      ),
    );
    show('admin');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Energy overview' }));
    const question = screen.getByRole('group', { name: 'Delete Energy overview?' });
    expect(within(question).getByText('Delete it and the 1 page under it?')).toBeTruthy();
    fireEvent.click(within(question).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Energy overview' })).toBeNull());
    expect(screen.queryByRole('link', { name: 'Plant room' })).toBeNull();
    expect(callsTo(calls, 'dashboardDelete').map((call) => Number(call.request.id))).toEqual([1]);
  });

  it('says what to do when the organisation has no pages yet', async () => {
    useApi(...answers(() => ({ ...EXAMPLE, pages: [] }), NOTHING_DELETED));
    show('editor');
    expect(await screen.findByText('No dashboards of your own yet')).toBeTruthy();
    expect(screen.getByRole('form', { name: 'New dashboard' })).toBeTruthy();
  });
});
