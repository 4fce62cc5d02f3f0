import type { Span } from '../../generated/page-types';

export type ResponsiveColumns = Partial<Record<'base' | 'sm' | 'md' | 'lg' | 'xl', number>>;

/** A plain width applies from md up and stacks to full width below; an object is taken as written, base defaulting to 12. */
export function columnsPerBreakpoint(span: Span): ResponsiveColumns {
  if (typeof span === 'number') return { base: 12, md: span };
  return { base: 12, ...span };
}
