import { atom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

/**
 * Whether the person wants charts and figures to follow new readings as they
 * come (the top bar's "Live" switch), kept in this browser: a wall screen
 * stays live after a reload, a desk does not start streaming unasked.
 */
export const liveChoiceAtom = atomWithStorage<boolean>('insights.live-updates', false, undefined, {
  getOnInit: true,
});

/** The stream's state, for the switch to show: off, connecting, live, or waiting to reconnect. */
export type LiveStatus = 'off' | 'connecting' | 'live' | 'reconnecting';
export const liveStatusAtom = atom<LiveStatus>('off');
