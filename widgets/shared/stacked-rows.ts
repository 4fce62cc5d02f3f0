import type { SystemStyleObject } from '@chakra-ui/react';

/** Below this width of its card, a table's rows are stacked: a phone's card is about 20 rem wide. */
const NARROW = '36rem';

/**
 * For a table's scroll area: the table below measures this box, not the
 * screen, so a table in a narrow column of a wide dashboard stacks too.
 */
export const STACKING_CONTAINER: SystemStyleObject = { containerType: 'inline-size' };

/**
 * A table whose rows become stacked blocks where its card is narrow: the
 * header row is hidden, and each cell shows its column's name (its
 * `data-label`) before its value, so no column is cut off at the card's edge
 * on a phone. A cell without a label (the row's name, its buttons) takes the
 * whole line.
 */
export const STACKED_ROWS_WHEN_NARROW: SystemStyleObject = {
  [`@container (width <= ${NARROW})`]: {
    '& thead': { display: 'none' },
    '& tr': { display: 'block', paddingBlock: '2', borderBottomWidth: '1px' },
    '& td': {
      display: 'grid',
      gridTemplateColumns: 'minmax(6rem, 38%) minmax(0, 1fr)',
      columnGap: '3',
      alignItems: 'baseline',
      borderBottomWidth: '0',
      paddingBlock: '1',
      textAlign: 'start',
      whiteSpace: 'normal',
    },
    '& td[data-label]::before': { content: 'attr(data-label)', color: 'fg.muted', fontSize: 'xs' },
    '& td:not([data-label])': { display: 'block' },
  },
};

/** A least width for the table where its rows are not stacked; past it the table scrolls sideways. */
export function minWidthWhenWide(minWidth: string): SystemStyleObject {
  return { [`@container (width > ${NARROW})`]: { minWidth } };
}
