import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedInAs } from '../../tests/amplify-mock';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { APP_CONFIG, mockApi } from '../../tests/mock-api';
import { renderInApp } from '../../tests/render';
import OrganisationPanel from './index';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  resetSession();
});

describe('organisation panel', () => {
  it('creates an organisation, then moves on to billing with fresh tokens', async () => {
    const calls = mockApi({
      ...APP_CONFIG,
      addOrganisation: (body) => ({ body: { organisation_id: 9, name: (body as { name: string }).name } }),
      billing: () => ({ body: { subscription: { status: 'incomplete', plan: null } } }),
    });
    signInToSession({ organisationId: null });
    signedInAs({ sub: 'u1', email: 'ada@example.com', name: 'Ada', organisationId: 9 });
    renderInApp(<OrganisationPanel data={{}} />, { route: '/organisation' });
    fireEvent.change(screen.getByLabelText(/^Organisation name/), { target: { value: 'Acme' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create organisation' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/billing'));
    expect(calls.find((call) => call.path === 'addOrganisation')?.body).toEqual({ name: 'Acme' });
  });

  it('shows the organisation and its logo when the user has one', async () => {
    mockApi({
      orgImage: () => ({ body: [{ org_id: 4, image: 'ORG_IMAGE/abc.webp', name: 'Acme Facilities' }] }),
    });
    signInToSession({ organisationId: 4 });
    renderInApp(<OrganisationPanel data={{ heading: 'Yours' }} />);
    expect(await screen.findByText('Acme Facilities')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Acme Facilities logo' }).getAttribute('src')).toBe(
      '/files/ORG_IMAGE/abc.webp',
    );
    expect(screen.getByRole('button', { name: 'Change logo' })).toBeTruthy();
  });

  it('says so, with a way to try again, when the organisation cannot be loaded', async () => {
    mockApi({
      orgImage: () => ({
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      }),
    });
    signInToSession({ organisationId: 4 });
    renderInApp(<OrganisationPanel data={{}} />);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The organisation could not be loaded: Something went wrong on our side.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
