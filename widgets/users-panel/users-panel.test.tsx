import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetUsersResponse } from '../../src/generated/api-types';
import '../../tests/amplify-mock';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { renderInApp } from '../../tests/render';
import UsersPanel from './index';

afterEach(() => {
  vi.clearAllMocks();
});

const people: GetUsersResponse = {
  users: [
    { id: 'u1', name: 'Ada', email: 'ada@example.com', role: 'admin', isYou: true },
    { id: 'u2', name: 'Grace', email: 'grace@example.com', role: 'admin', isYou: false },
  ],
  invitations: [
    { email: 'new@example.com', createdAt: '2026-11-20T10:00:00Z', expiresAt: '2026-11-27T10:00:00Z' },
  ],
};

describe('users panel', () => {
  it('lists members and open invitations, offering to remove others but not oneself', async () => {
    useApi(answer('getUsers', people));
    renderInApp(<UsersPanel data={{}} />);
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
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
      { email: 'colleague@example.com' },
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
