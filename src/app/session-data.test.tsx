import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { getDefaultStore } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { sessionAtom } from '../session/session-atoms';
import { SessionData } from './session-data';

afterEach(() => resetSession());

/** Renders the signed-in pages' data cache and hands out the client it made. */
function renderSessionData() {
  let client: QueryClient | undefined;
  function Reader() {
    client = useQueryClient();
    return null;
  }
  const rendered = render(
    <SessionData>
      <Reader />
    </SessionData>,
  );
  return { ...rendered, client: () => client as QueryClient };
}

describe("the signed-in pages' data", () => {
  it("is dropped when the user signs out or another signs in, so no one sees another's data", () => {
    signInToSession({ id: 'ada' });
    const { client } = renderSessionData();
    client().setQueryData(['data', 'figure'], 42);

    act(() => signInToSession({ id: 'ada' }));
    expect(client().getQueryData(['data', 'figure'])).toBe(42);

    act(() => getDefaultStore().set(sessionAtom, { status: 'unauthorised' }));
    expect(client().getQueryData(['data', 'figure'])).toBeUndefined();

    act(() => signInToSession({ id: 'grace' }));
    client().setQueryData(['data', 'figure'], 7);
    // Joining another organisation: its data, not the last one's.
    act(() => signInToSession({ id: 'grace', organisationId: 2 }));
    expect(client().getQueryData(['data', 'figure'])).toBeUndefined();
  });

  it('start afresh each time the signed-in frame appears', () => {
    signInToSession({ id: 'ada' });
    const first = renderSessionData();
    first.client().setQueryData(['data', 'figure'], 42);
    first.unmount();
    const second = renderSessionData();
    expect(second.client()).not.toBe(first.client());
    expect(second.client().getQueryData(['data', 'figure'])).toBeUndefined();
  });
});
