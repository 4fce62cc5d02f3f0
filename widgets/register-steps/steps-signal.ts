import { atom } from 'jotai';

/**
 * Counts choices made on suspicious register steps on this page, so the
 * widgets showing them or their counts (the data point table's warnings)
 * load again at once.
 */
export const stepsChangedAtom = atom(0);
