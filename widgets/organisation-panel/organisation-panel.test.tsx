import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../tests/amplify-mock';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { answerAppConfig } from '../../tests/fixtures/app-config';
import { billingWith } from '../../tests/fixtures/billing';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import OrganisationPanel from './index';

afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

describe('organisation panel', () => {
  it('creates an organisation, then moves on to billing with fresh tokens', async () => {
    const calls = useApi(
      answerAppConfig(),
      answer('addOrganisation', ({ name }) => ({ organisation_id: 9, name })),
      answer('billing', billingWith('incomplete', null)),
      answer('getOrgImage', ({ org_id }) => [{ org_id, image: null, name: 'Acme', demo: false }]),
    );
    signInToSession({ organisationId: null });
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: 9 });
    renderInApp(<OrganisationPanel data={{}} />, { route: '/organisation' });
    fireEvent.change(screen.getByLabelText(/^Organisation name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/billing'));
    expect(callsTo(calls, 'addOrganisation').map((call) => call.request)).toEqual([{ name: 'Acme' }]);
    // The new organisation's subscription, read with the fresh tokens that name it.
    expect(callsTo(calls, 'billing')[0]?.request).toEqual({ orgId: 9 });
  });

  it('shows the organisation and its logo when the user has one', async () => {
    const calls = useApi(
      answer('getOrgImage', [
        { org_id: 4, image: 'ORG_IMAGE/abc.webp', name: 'Acme Facilities', demo: false },
      ]),
    );
    signInToSession({ organisationId: 4 });
    renderInApp(<OrganisationPanel data={{ heading: 'Yours' }} />);
    expect(await screen.findByText('Acme Facilities')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Acme Facilities logo' }).getAttribute('src')).toBe(
      '/files/ORG_IMAGE/abc.webp',
    );
    expect(screen.getByRole('button', { name: 'Change logo' })).toBeTruthy();
    expect(callsTo(calls, 'getOrgImage')[0]?.request).toEqual({ org_id: 4 });
  });

  it('offers an admin a new logo and a new name, and a viewer or an editor neither', async () => {
    useApi(answer('getOrgImage', [{ org_id: 4, image: null, name: 'Acme Facilities', demo: false }]));
    signInToSession({ organisationId: 4, role: 'admin' });
    const { unmount } = renderInApp(<OrganisationPanel data={{}} />);
    expect(await screen.findByRole('button', { name: 'Change logo' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rename' })).toBeTruthy();
    unmount();
    for (const role of ['editor', 'viewer'] as const) {
      signInToSession({ organisationId: 4, role });
      const { unmount: done } = renderInApp(<OrganisationPanel data={{}} />);
      expect(await screen.findByText('Acme Facilities')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Change logo' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Rename' })).toBeNull();
      done();
    }
  });

  it('renames the organisation in place and shows the new name', async () => {
    let name = 'Acme Facilities';
    const calls = useApi(
      answer('getOrgImage', ({ org_id }) => [{ org_id, image: null, name, demo: false }]),
      answer('renameOrganisation', (request) => {
        name = request.name.trim();
        return { org_id: request.org_id, name };
      }),
    );
    signInToSession({ organisationId: 4, role: 'admin' });
    renderInApp(<OrganisationPanel data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    fireEvent.change(screen.getByLabelText('Organisation name'), { target: { value: 'Acme Group' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The organisation is now called Acme Group')).toBeTruthy();
    expect(await screen.findByText('Acme Group', { selector: 'p' })).toBeTruthy();
    expect(callsTo(calls, 'renameOrganisation').map((call) => call.request)).toEqual([
      { org_id: 4, name: 'Acme Group' },
    ]);
  });

  it('says so, with a way to try again, when the organisation cannot be loaded', async () => {
    useApi(failWith('getOrgImage', 500, 'Something went wrong on our side. Please try again.'));
    signInToSession({ organisationId: 4 });
    renderInApp(<OrganisationPanel data={{}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The organisation could not be loaded: Something went wrong on our side.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
