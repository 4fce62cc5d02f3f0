import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PagePeriodProvider, pagePeriodOf } from '../../data/page-period';
import { PageScopeProvider } from '../../data/page-scope';
import { SaidOnceProvider } from '../../data/said-once';
import type { ReportFrame } from '../../engine/render/layout-view';
import { useIssuesPerRow } from '../../engine/render/use-issues-per-row';
import type { LayoutIssue } from '../../engine/validation/issue';
import type { Row } from '../../generated/page-types';
import { useElementSize } from '../../ui/use-element-size';
import { isWithin } from '../document/json-pointer';
import { addRow } from '../document/layout-edits';
import { useEditorCommands } from '../editor-context';
import type { Breakpoint } from './grid-placement';
import { RowGrid } from './row-grid';
import { useFitScale } from './use-fit-scale';
import 'react-grid-layout/css/styles.css';

interface VisualCanvasProps {
  document: unknown;
  breakpoint: Breakpoint;
  selected: string | undefined;
  issuesByNode: Map<string, LayoutIssue[]>;
  /** A report's period and scope, which its widgets show as they will print; a dashboard has none. */
  report?: ReportFrame;
}

/**
 * How wide the canvas is drawn for each breakpoint, in CSS pixels: the page's width on the narrowest screen of
 * that size (the screen less the menu and margins), so columns are placed as people will see them. Where the
 * editor is narrower (beside the side panel, a desktop canvas on a 1280 px screen) it is drawn smaller to fit,
 * down to half size, and scrolled sideways past that.
 */
const CANVAS_WIDTH: Record<Breakpoint, number> = {
  base: 358,
  sm: 448,
  md: 704,
  lg: 704,
  xl: 960,
};

/** The page as rows of 12-column grids of real cards, to select, drag, resize and drop widgets into. */
export function VisualCanvas({ document, breakpoint, selected, issuesByNode, report }: VisualCanvasProps) {
  const { t } = useTranslation('editor');
  const { ref, width } = useElementSize<HTMLDivElement>();
  const canvasWidth = CANVAS_WIDTH[breakpoint];
  const fit = useFitScale<HTMLDivElement, HTMLDivElement>(canvasWidth);
  const rows = rowsOf(document);
  const rowIssues = useIssuesPerRow(issuesByNode, rows.length);
  const period = useMemo(() => ({ ...pagePeriodOf(document), fixed: report?.period }), [document, report]);

  return (
    <Box overflowX="auto" pb="2" ref={fit.frameRef}>
      {fit.scale < 1 ? (
        <Text fontSize="xs" color="fg.muted" mb="1" data-testid="canvas-scale">
          {t('canvas.scaled', { percent: Math.round(fit.scale * 100) })}
        </Text>
      ) : null}
      <Box h={fit.shownHeight === undefined ? undefined : `${fit.shownHeight}px`}>
        <Box
          ref={fit.canvasRef}
          w={`${canvasWidth}px`}
          mx={fit.scale < 1 ? undefined : 'auto'}
          transform={fit.scale < 1 ? `scale(${fit.scale})` : undefined}
          transformOrigin="top left"
          data-testid="visual-canvas"
          data-breakpoint={breakpoint}
          data-scale={fit.scale}
        >
          <PagePeriodProvider value={period}>
            <PageScopeProvider value={report?.scope}>
              <SaidOnceProvider>
                <Stack gap="3" ref={ref}>
                  {rows.map((row, index) => {
                    const pointer = `/rows/${index}`;
                    // A row that is not an object has nothing to draw; its issue shows in the list above the canvas.
                    if (typeof row !== 'object' || row === null) return null;
                    return (
                      <RowGrid
                        key={row.key ?? index}
                        row={row}
                        pointer={pointer}
                        breakpoint={breakpoint}
                        width={Math.max(0, width - 18)}
                        scale={fit.scale}
                        selected={selected && isWithin(selected, pointer) ? selected : undefined}
                        issuesByNode={rowIssues[index] ?? issuesByNode}
                      />
                    );
                  })}
                </Stack>
              </SaidOnceProvider>
            </PageScopeProvider>
          </PagePeriodProvider>
          <AddRowButton />
        </Box>
      </Box>
    </Box>
  );
}

/** Below the rows: memoised, as no edit changes it. */
const AddRowButton = memo(function AddRowButton() {
  const { t } = useTranslation('editor');
  const { current, apply } = useEditorCommands();
  return (
    <Button
      mt="3"
      size="sm"
      variant="outline"
      w="100%"
      borderStyle="dashed"
      onClick={() => apply(addRow(current()))}
    >
      {t('canvas.addRow')}
    </Button>
  );
});

function rowsOf(document: unknown): Row[] {
  const rows = (document as { rows?: unknown } | null)?.rows;
  return Array.isArray(rows) ? (rows as Row[]) : [];
}
