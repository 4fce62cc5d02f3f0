import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import NotificationChoices from './index';

afterEach(() => {
  resetSession();
});

describe('your alert mail', () => {
  it('shows a viewer their own choice and keeps the one they make, digest and all', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi(
      answer('notificationChoices', { choices: { mailFrom: 'warning', mailDigest: false } }),
      answer('notificationChoicesUpdate', { choices: { mailFrom: 'critical', mailDigest: true } }),
    );
    renderInApp(<NotificationChoices data={{}} />);
    const select = await screen.findByLabelText('Mail me about');
    expect(select).toHaveProperty('value', 'warning');
    expect(screen.getByText(/Past five in an hour/)).toBeTruthy();
    fireEvent.change(select, { target: { value: 'critical' } });
    fireEvent.click(screen.getByLabelText('Gather them into one mail an hour'));
    await screen.findByText(/One mail at the top of each hour/);
    fireEvent.submit(screen.getByRole('form', { name: 'What reaches you by mail' }));
    await waitFor(() =>
      expect(callsTo(calls, 'notificationChoicesUpdate')[0]?.request).toEqual({
        mailFrom: 'critical',
        mailDigest: true,
      }),
    );
    await screen.findByText('Your choice of alert mail is saved.');
  });

  it('sends a test of the alert mail when asked, and says where it went', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi(
      answer('notificationChoices', { choices: { mailFrom: 'warning', mailDigest: false } }),
      answer('notificationChoicesTest', { sentTo: 'ann@example.com' }),
    );
    renderInApp(<NotificationChoices data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send me a test' }));
    await screen.findByText('A test of your alert mail went to ann@example.com.');
    expect(callsTo(calls, 'notificationChoicesTest')).toHaveLength(1);
  });

  it('says that no mail leaves the bell, and offers no digest of nothing', async () => {
    signInToSession({ role: 'viewer' });
    useApi(answer('notificationChoices', { choices: { mailFrom: 'none', mailDigest: false } }));
    renderInApp(<NotificationChoices data={{ heading: 'Mail' }} />);
    expect(await screen.findByText(/The bell at the top of every page still shows them/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Mail' })).toBeTruthy();
    expect(screen.getByLabelText('Gather them into one mail an hour')).toHaveProperty('disabled', true);
  });
});
