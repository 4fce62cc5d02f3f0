import { act, render } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { createQueryClient } from '../data/query-client';
import { sessionAtom } from '../session/session-atoms';
import { Providers } from './providers';

afterEach(() => resetSession());

describe('providers', () => {
  it("drop the data cache when the user signs out or another signs in, so no one sees another's data", () => {
    const client = createQueryClient({ retry: false });
    signInToSession({ id: 'ada' });
    render(<Providers queryClient={client}>page</Providers>);
    client.setQueryData(['data', 'figure'], 42);

    act(() => signInToSession({ id: 'ada' }));
    expect(client.getQueryData(['data', 'figure'])).toBe(42);

    act(() => getDefaultStore().set(sessionAtom, { status: 'unauthorised' }));
    expect(client.getQueryData(['data', 'figure'])).toBeUndefined();

    act(() => signInToSession({ id: 'grace' }));
    client.setQueryData(['data', 'figure'], 7);
    // Joining another organisation: its data, not the last one's.
    act(() => signInToSession({ id: 'grace', organisationId: 2 }));
    expect(client.getQueryData(['data', 'figure'])).toBeUndefined();
  });
});
