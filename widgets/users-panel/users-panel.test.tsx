import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GetUsersResponse } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import UsersPanel from './index';

beforeEach(() => {
  signInToSession({ role: 'owner' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const DAY_MS = 86_400_000;
/** An invitation's times around now: open ones expire within the week, so the list says which are. */
const sentDaysAgo = (days: number) => ({
  createdAt: new Date(Date.now() - days * DAY_MS).toISOString(),
  expiresAt: new Date(Date.now() + (7 - days) * DAY_MS).toISOString(),
});

const people: GetUsersResponse = {
  users: [
    { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'owner', isYou: true },
    {
      id: '4c9a8e2f-1b3d-4f6a-8e5c-7d2b1a0f9e3c',
      name: 'Grace',
      email: 'grace@example.com',
      role: 'editor',
      isYou: false,
    },
  ],
  invitations: [
    { email: 'new@example.com', role: 'viewer', ...sentDaysAgo(2) },
    { email: 'late@example.com', role: 'editor', ...sentDaysAgo(9) },
  ],
};

describe('users panel', () => {
  it('lists members and open invitations, offering to remove others but not oneself', async () => {
    useApi(answer('getUsers', people));
    renderInApp(<UsersPanel data={{}} />);
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Remove/ })).toHaveLength(1);
    expect(screen.getByText('viewer, until', { exact: false })).toBeTruthy();
    // One that expired says so, for the admin to send it again.
    const rows = screen.getAllByTestId('invitation').map((row) => row.textContent);
    expect(rows[0]).toMatch(/^Invitednew@example\.comviewer, until /);
    expect(rows[1]).toMatch(/^Invitation expiredlate@example\.comeditor, expired /);
  });

  it('sends an invitation again and revokes one, then shows the list again', async () => {
    signInToSession({ role: 'admin' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    let revoked = '';
    const calls = useApi(
      answer('getUsers', () => ({
        ...people,
        invitations: people.invitations.filter((invitation) => invitation.email !== revoked),
      })),
      answer('sendUserInvite', ({ email }) => ({ email, expiresAt: '2099-01-01T00:00:00Z' })),
      answer('revokeUserInvite', ({ email }) => {
        revoked = email;
        return { email, revoked: 1 };
      }),
    );
    renderInApp(<UsersPanel data={{}} />);
    fireEvent.click(
      await screen.findByRole('button', { name: 'Send the invitation to late@example.com again' }),
    );
    expect(await screen.findByText('A new invitation was sent to late@example.com')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke the invitation to new@example.com' }));
    // Said once the list is asked again, though the revoked invitation's row has left it by then.
    expect(await screen.findByText('The invitation to new@example.com was revoked')).toBeTruthy();
    expect(screen.queryByText('new@example.com')).toBeNull();
    // Revoking asks first; sending again does not.
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(callsTo(calls, 'sendUserInvite').map((call) => call.request)).toEqual([
      { email: 'late@example.com', role: 'editor' },
    ]);
    expect(callsTo(calls, 'revokeUserInvite').map((call) => call.request)).toEqual([
      { email: 'new@example.com' },
    ]);
    await waitFor(() => expect(callsTo(calls, 'getUsers')).toHaveLength(3));
  });

  it('offers a viewer nothing to change: no invitation, no roles to pick, nobody to remove', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('getUsers', people));
    renderInApp(<UsersPanel data={{}} />);
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryAllByRole('button', { name: /^Remove/ })).toHaveLength(0);
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryAllByRole('button', { name: /^(Send the invitation|Revoke)/ })).toHaveLength(0);
  });

  it('lets an admin give roles up to admin, and changes a role through the API', async () => {
    signInToSession({ role: 'admin' });
    const calls = useApi(
      answer('getUsers', people),
      answer('updateUserRole', { userId: '4c9a8e2f-1b3d-4f6a-8e5c-7d2b1a0f9e3c', role: 'admin' }),
    );
    renderInApp(<UsersPanel data={{}} />);
    const picker = (await screen.findByLabelText('Role of grace@example.com')) as HTMLSelectElement;
    expect([...picker.options].map((option) => option.value)).toEqual(['admin', 'editor', 'viewer']);
    fireEvent.change(picker, { target: { value: 'admin' } });
    expect(await screen.findByText('grace@example.com is now an admin')).toBeTruthy();
    expect(callsTo(calls, 'updateUserRole').map((call) => call.request)).toEqual([
      { userId: '4c9a8e2f-1b3d-4f6a-8e5c-7d2b1a0f9e3c', role: 'admin' },
    ]);
  });

  it('sends an invitation and shows the list again', async () => {
    const calls = useApi(
      answer('getUsers', people),
      answer('sendUserInvite', ({ email }) => ({ email, expiresAt: '2026-11-29T00:00:00Z' })),
    );
    renderInApp(<UsersPanel data={{}} />);
    await screen.findByText('grace@example.com');
    fireEvent.change(screen.getByLabelText(/^Invite by e-mail/), {
      target: { value: 'colleague@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to colleague@example.com')).toBeTruthy();
    await waitFor(() => expect(callsTo(calls, 'getUsers')).toHaveLength(2));
    expect(callsTo(calls, 'sendUserInvite').map((call) => call.request)).toEqual([
      { email: 'colleague@example.com', role: 'viewer' },
    ]);
  });

  it("shows the server's reason when an invitation is refused", async () => {
    useApi(
      answer('getUsers', people),
      failWith('sendUserInvite', 409, 'grace@example.com is already a member of this organisation.'),
    );
    renderInApp(<UsersPanel data={{}} />);
    await screen.findByText('grace@example.com');
    fireEvent.change(screen.getByLabelText(/^Invite by e-mail/), { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText('grace@example.com is already a member of this organisation.'),
    ).toBeTruthy();
  });
});
