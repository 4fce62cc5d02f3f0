import { atom } from 'jotai';

/**
 * Counts imports started or finished on this page, so the import history
 * (widgets/import-history) loads again without waiting for its own refresh.
 */
export const importsChangedAtom = atom(0);
