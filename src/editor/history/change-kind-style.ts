import type { ChangeKind } from './document-diff';

/**
 * How each kind of change looks: a colour palette for its badge and edge, and
 * a sign beside its word, so the kind reads without the colour too. The
 * semantic tokens switch shade in the dark theme.
 */
export const CHANGE_KIND_STYLE: Record<ChangeKind, { palette: string; sign: string; edge: string }> = {
  added: { palette: 'green', sign: '+', edge: 'border.success' },
  removed: { palette: 'red', sign: '−', edge: 'border.error' },
  changed: { palette: 'orange', sign: '±', edge: 'border.warning' },
  moved: { palette: 'blue', sign: '⇅', edge: 'border.info' },
};

/** The background of a value as it was (tinted as removed) and as it is (tinted as added). */
export const SIDE_BACKGROUND = { before: 'bg.error', after: 'bg.success' } as const;
