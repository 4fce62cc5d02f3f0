/**
 * Story names that say the story shows a waiting, failed or empty widget on
 * purpose (Loading, Error, Empty, WhenTheServerFails): every other story must
 * show its widget loaded. The stories' play and the built gallery's check read this.
 */
export const NAMED_FOR_A_STATE = /loading|error|fail|empty/i;
