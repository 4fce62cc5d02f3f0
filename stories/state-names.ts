/**
 * Story names that say the story shows a waiting, failed or empty widget on
 * purpose (Loading, Error, Empty, WhenTheServerFails): every other story must
 * show its widget loaded. The stories' play and the built gallery's check read this.
 */
export const NAMED_FOR_A_STATE = /loading|error|fail|empty/i;

/** Story names that say the story shows a widget waiting on purpose, forever: settled once it shows so. */
export const NAMED_FOR_WAITING = /loading/i;

/** What a widget shows while its code or its data is on the way. */
export const WAITING = '[data-testid="widget-loading"], [data-testid="data-loading"], [aria-busy="true"]';

/** What a widget shows when it cannot show its content: an error card or a failed load. */
export const FAILED = '[data-testid="error-card"], [role="alert"]';
