import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../tests/amplify-mock';
import { mockApi } from '../../tests/mock-api';
import { renderInApp } from '../../tests/render';
import UsersPanel from './index';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

const people = {
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
    mockApi({ getUsers: () => ({ body: people }) });
    renderInApp(<UsersPanel data={{}} />);
    expect(await screen.findByText('grace@example.com')).toBeTruthy();
    expect(screen.getByText('new@example.com')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(1);
  });

  it('sends an invitation and shows the list again', async () => {
    const calls = mockApi({
      getUsers: () => ({ body: people }),
      sendUserInvite: (body) => ({
        body: { email: (body as { email: string }).email, expiresAt: '2026-11-29T00:00:00Z' },
      }),
    });
    renderInApp(<UsersPanel data={{}} />);
    await screen.findByText('grace@example.com');
    fireEvent.change(screen.getByLabelText(/^Invite by e-mail/), {
      target: { value: 'colleague@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(await screen.findByText('Invitation sent to colleague@example.com')).toBeTruthy();
    await waitFor(() => expect(calls.filter((call) => call.path === 'getUsers')).toHaveLength(2));
    expect(calls.find((call) => call.path === 'sendUserInvite')?.body).toEqual({
      email: 'colleague@example.com',
    });
  });

  it("shows the server's reason when an invitation is refused", async () => {
    mockApi({
      getUsers: () => ({ body: people }),
      sendUserInvite: () => ({
        status: 409,
        body: { message: 'grace@example.com is already a member of this organisation.' },
      }),
    });
    renderInApp(<UsersPanel data={{}} />);
    await screen.findByText('grace@example.com');
    fireEvent.change(screen.getByLabelText(/^Invite by e-mail/), { target: { value: 'grace@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Invite' }));
    expect(
      await screen.findByText('grace@example.com is already a member of this organisation.'),
    ).toBeTruthy();
  });
});
