import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiKey } from '../../src/generated/api-types';
import { answer } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { curlExample } from './curl-example';
import ApiKeys from './index';

beforeEach(() => {
  signInToSession({ role: 'admin' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetSession();
});

const SECRET = 'ins_1a2b3c4d_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQ';
const gateway: ApiKey = {
  id: 3,
  name: 'Gateway',
  prefix: 'ins_1a2b3c4d',
  createdAt: '2025-01-10T10:00:00Z',
  lastUsedAt: null,
  revokedAt: null,
};
const retired: ApiKey = {
  ...gateway,
  id: 2,
  name: 'Old script',
  prefix: 'ins_99999999',
  revokedAt: '2025-01-05T10:00:00Z',
};

describe('api keys', () => {
  it('offers the plan that includes keys, not a form the server would refuse, and still lists the keys made before', async () => {
    signInToSession({
      role: 'admin',
      subscription: {
        status: 'active',
        planName: 'Professional',
        trialEndsAt: null,
        features: [],
        upgrades: { apiKeys: 'Advanced' },
      },
    });
    const calls = useApi(answer('restApi', { keys: [gateway] }));
    renderInApp(<ApiKeys data={{}} />);
    await screen.findByText('Gateway');
    expect(
      screen.getByText('Your plan, Professional, does not include API keys for pushing readings.'),
    ).toBeTruthy();
    expect(screen.getByText(/^Advanced includes them/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See the plans' }).getAttribute('href')).toBe('/billing');
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Revoke' })).toBeTruthy();
    expect(callsTo(calls, 'restApiCreate')).toEqual([]);
  });

  it('tells an editor whom to ask, and never asks the server for keys it would refuse', async () => {
    signInToSession({ role: 'editor' });
    const calls = useApi();
    renderInApp(<ApiKeys data={{}} />);
    expect(await screen.findByText(/Admins of your organisation create and revoke them/)).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Create an API key' })).toBeNull();
    expect(callsTo(calls, 'restApi')).toHaveLength(0);
  });

  it('lists keys by name and prefix, revoked ones without a revoke button', async () => {
    useApi(answer('restApi', { keys: [gateway, retired] }));
    renderInApp(<ApiKeys data={{}} />);
    const row = (await screen.findByText('Gateway')).closest('tr') as HTMLElement;
    expect(within(row).getByText('ins_1a2b3c4d…')).toBeTruthy();
    expect(within(row).getByText('never')).toBeTruthy();
    const old = screen.getByText('Old script').closest('tr') as HTMLElement;
    expect(within(old).getByText(/^revoked/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Revoke' })).toHaveLength(1);
  });

  it('says there are no keys yet and how to start', async () => {
    useApi(answer('restApi', { keys: [] }));
    renderInApp(<ApiKeys data={{}} />);
    expect(await screen.findByText('No API keys yet')).toBeTruthy();
  });

  it('creates a key and shows its secret once, with a copy button and a curl example', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const calls = useApi(
      answer('restApi', { keys: [] }),
      answer('restApiCreate', ({ name }) => ({ apiKey: { ...gateway, name }, secret: SECRET })),
    );
    renderInApp(<ApiKeys data={{ baseUrl: 'https://insights.example.com/' }} />);
    await screen.findByText('No API keys yet');
    fireEvent.change(screen.getByLabelText(/^Key name/), { target: { value: 'Gateway' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));

    expect((await screen.findByTestId('new-key-secret')).textContent).toBe(SECRET);
    expect(screen.getByText('Copy this key now: it will not be shown again.')).toBeTruthy();
    expect(screen.getByTestId('curl-example').textContent).toContain(
      `curl -X POST https://insights.example.com/api/readings \\\n  -H 'Authorization: ApiKey ${SECRET}'`,
    );
    expect(callsTo(calls, 'restApiCreate').map((call) => call.request)).toEqual([{ name: 'Gateway' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Copy key' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByTestId('new-key-secret')).toBeNull();
  });

  it('revokes a key after confirmation, and not without', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const calls = useApi(
      answer('restApi', { keys: [gateway] }),
      answer('restApiRevoke', { ...gateway, revokedAt: '2025-02-01T00:00:00Z' }),
    );
    renderInApp(<ApiKeys data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    expect(callsTo(calls, 'restApiRevoke')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('Gateway was revoked')).toBeTruthy();
    expect(callsTo(calls, 'restApiRevoke').map((call) => call.request)).toEqual([{ id: 3 }]);
    expect(confirm).toHaveBeenCalledWith(
      'Revoke Gateway? Anything pushing with it will be refused from now on.',
    );
  });

  it('builds a curl example against the given address', () => {
    expect(curlExample('http://localhost:8080', 'ins_x_y', 'Main meter')).toBe(
      [
        'curl -X POST http://localhost:8080/api/readings \\',
        "  -H 'Authorization: ApiKey ins_x_y' \\",
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"readings":[{"dataPoint":"Main meter","ts":"2025-01-01T00:00:00Z","value":1234.5}]}'`,
      ].join('\n'),
    );
  });
});
