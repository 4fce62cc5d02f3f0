import { Field, NativeSelect, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Width } from '../../generated/page-types';
import { setField } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import { BREAKPOINTS, WIDTHS, widthAt, withWidthAt } from '../visual/grid-placement';

/** A column's width at each breakpoint, as the grid's drag handles set it, for keyboards and exact values. */
export function ColumnFields({ pointer, span }: { pointer: string; span: unknown }) {
  const { t } = useTranslation('editor');
  const { current, dispatch } = useEditorCommands();
  return (
    <SimpleGrid columns={{ base: 2, sm: 3 }} gap="2">
      {BREAKPOINTS.map((breakpoint) => (
        <Field.Root key={breakpoint}>
          <Field.Label fontSize="xs">{t(`breakpoint.${breakpoint}`)}</Field.Label>
          <NativeSelect.Root size="xs">
            <NativeSelect.Field
              value={widthAt(span, breakpoint)}
              onChange={(event) => {
                const next = withWidthAt(span, breakpoint, Number(event.target.value) as Width);
                dispatch({
                  type: 'edit',
                  patch: setField(current(), `${pointer}/span`, next),
                  source: 'form',
                });
              }}
            >
              {WIDTHS.map((width) => (
                <option key={width} value={width}>
                  {t('canvas.width', { width })}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      ))}
    </SimpleGrid>
  );
}
