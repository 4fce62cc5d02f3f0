import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AlertChannel, ChannelDelivery } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import AlertChannels from './index';

afterEach(() => {
  resetSession();
});

const chat: AlertChannel = {
  id: 1,
  name: 'Operations chat',
  url: 'https://hooks.example.com/insights',
  minSeverity: 'warning',
  enabled: true,
  failing: 1,
  createdAt: '2026-11-30T08:00:00.000Z',
};

const refused: ChannelDelivery = {
  id: 7,
  channelId: 1,
  channelName: 'Operations chat',
  subject: '[critical] Fridge too warm',
  attempts: 2,
  error: 'The receiver answered 503.',
  nextAttemptAt: '2026-11-30T09:02:00.000Z',
  createdAt: '2026-11-30T09:00:00.000Z',
};

const field = (name: string) => screen.getByLabelText(name, { exact: false });

describe('the webhooks', () => {
  it('tells a viewer whom to ask, and does not even ask for the webhooks', async () => {
    signInToSession({ role: 'viewer' });
    const calls = useApi(answer('channel', { channels: [chat] }));
    renderInApp(<AlertChannels data={{}} />);
    await screen.findByText(/Editors of your organisation add and change them/);
    expect(callsTo(calls, 'channel')).toEqual([]);
    expect(screen.queryByText('https://hooks.example.com/insights')).toBeNull();
  });

  it('lists each webhook with what it posts and its failing posts, and posts a refused one again', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('channel', { channels: [chat] }),
      answer('channelDeliveries', { deliveries: [refused] }),
      answer('channelDeliveryRetry', { retried: 7 }),
    );
    renderInApp(<AlertChannels data={{}} />);
    const row = (await screen.findByText('Operations chat', { selector: 'td' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('Warnings and critical')).toBeTruthy();
    expect(within(row).getByText('1 post failing')).toBeTruthy();
    const failing = await screen.findByTestId('failing-delivery');
    expect(within(failing).getByText(/The receiver answered 503\./)).toBeTruthy();
    expect(within(failing).getByText('Tried 2 times')).toBeTruthy();
    fireEvent.click(within(failing).getByRole('button', { name: 'Post [critical] Fridge too warm again' }));
    await waitFor(() => expect(callsTo(calls, 'channelDeliveryRetry')[0]?.request).toEqual({ id: 7 }));
  });

  it('adds a webhook and shows its secret once, with how a receiver checks it', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('channel', { channels: [] }),
      answer('channelDeliveries', { deliveries: [] }),
      answer('channelCreate', { channel: { ...chat, failing: 0 }, secret: 'whsec_test-secret' }),
    );
    renderInApp(<AlertChannels data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    fireEvent.change(field('Name'), { target: { value: ' Operations chat ' } });
    fireEvent.change(field('Address'), { target: { value: 'https://hooks.example.com/insights' } });
    fireEvent.change(field('Post'), { target: { value: 'critical' } });
    fireEvent.submit(screen.getByRole('form', { name: 'A new webhook' }));
    await waitFor(() =>
      expect(callsTo(calls, 'channelCreate')[0]?.request).toEqual({
        name: 'Operations chat',
        url: 'https://hooks.example.com/insights',
        minSeverity: 'critical',
        enabled: true,
      }),
    );
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe('whsec_test-secret');
    expect(screen.getByText(/HMAC-SHA256 of the X-Insights-Timestamp header/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it("shows the server's refusal of an address under the address", async () => {
    signInToSession({ role: 'editor' });
    useApi(
      answer('channel', { channels: [] }),
      answer('channelDeliveries', { deliveries: [] }),
      http.post('*/api/channel', () =>
        HttpResponse.json(
          {
            message: 'A webhook is posted over http or https, not ftp.',
            issues: [{ pointer: '/url', message: 'A webhook is posted over http or https, not ftp.' }],
          },
          { status: 400 },
        ),
      ),
    );
    renderInApp(<AlertChannels data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    fireEvent.change(field('Name'), { target: { value: 'Files' } });
    fireEvent.change(field('Address'), { target: { value: 'ftp://files.example.com/' } });
    fireEvent.submit(screen.getByRole('form', { name: 'A new webhook' }));
    await screen.findByText('A webhook is posted over http or https, not ftp.');
    expect(screen.getByRole('form', { name: 'A new webhook' })).toBeTruthy();
  });

  it('says a refusal that names no field above the buttons, as the server gave it', async () => {
    signInToSession({ role: 'editor' });
    useApi(
      answer('channel', { channels: [] }),
      answer('channelDeliveries', { deliveries: [] }),
      failWith('channelCreate', 403, 'Only editors and above may do this.'),
    );
    renderInApp(<AlertChannels data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Add a webhook' }));
    fireEvent.change(field('Name'), { target: { value: 'Chat' } });
    fireEvent.change(field('Address'), { target: { value: 'https://hooks.example.com/x' } });
    fireEvent.submit(screen.getByRole('form', { name: 'A new webhook' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Only editors and above may do this.');
  });

  it('sends a test and says what the receiver answered, and switches a webhook off', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi(
      answer('channel', { channels: [{ ...chat, failing: 0 }] }),
      answer('channelDeliveries', { deliveries: [] }),
      answer('channelTest', { ok: false, status: null, message: 'The receiver did not answer within 10 s.' }),
      answer('channelUpdate', { channel: { ...chat, enabled: false } }),
    );
    renderInApp(<AlertChannels data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send a test to Operations chat' }));
    await screen.findByText('The test to Operations chat failed. The receiver did not answer within 10 s.');
    expect(callsTo(calls, 'channelTest')[0]?.request).toEqual({ id: 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Switch off Operations chat' }));
    await waitFor(() =>
      expect(callsTo(calls, 'channelUpdate')[0]?.request).toEqual({
        id: 1,
        name: 'Operations chat',
        url: 'https://hooks.example.com/insights',
        minSeverity: 'warning',
        enabled: false,
      }),
    );
  });
});
