import { atom } from 'jotai';

/**
 * Bumped after every change to the tree, so the widgets showing it (the tree
 * and the selected entity's details sit side by side) load it again.
 */
export const placesVersionAtom = atom(0);
