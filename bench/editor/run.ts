/**
 * npm run bench:editor [-- --runs 20] — the layout editor on a 200-card page
 * (bench-document.ts), in Chromium against the real server, signed in, the
 * page stored through the API and opened at /dashboards/:id/edit. Three cases,
 * each beside its reference in the same run:
 * (a) a column dragged across its row and back (drag-case.ts): the main
 *     thread's work per frame (frame-trace.ts says why not rAF deltas), beside
 *     the same drags on react-grid-layout alone with plain boxes;
 * (b) a keystroke in a stat's Label field → the frame that shows the new label
 *     on the canvas (prop-edit-case.ts), beside the app's read-only renderer
 *     (LayoutView) rendering the same change on the same page (plain-entry.tsx);
 *     the headline ratio is their medians';
 * (c) a keystroke in code mode that makes the page invalid → the frame that
 *     shows the diagnostic (code-case.ts), with a keystroke that keeps it
 *     valid beside it: what any keystroke costs there.
 * With BENCH_PROFILE_DIR set, each case runs once more under the CPU profiler
 * (profile.ts), on an unminified build.
 */
import { chromium } from 'playwright-core';
import { chromiumLaunchOptions } from '../../server/reports/chromium.ts';
import { median, reportResult, round } from '../results-file.ts';
import {
  BOXES_PAGE_PATH,
  buildFrontendWithReferences,
  PLAIN_PAGE_PATH,
  startEditorBenchApp,
} from './bench-app.ts';
import { CARDS } from './bench-document.ts';
import { type Keystroke, measureKeystrokes } from './code-case.ts';
import { type DragFigures, measureDrags } from './drag-case.ts';
import { benchTab, openEditor } from './editor-page.ts';
import { percentile } from './percentile.ts';
import { PROFILE_DIR } from './profile.ts';
import { measurePropEdits, type PropEditFigures } from './prop-edit-case.ts';

const runsArgument = process.argv.indexOf('--runs');
const runs = runsArgument > 0 ? Number(process.argv[runsArgument + 1]) : 20;
if (!(runs > 0)) throw new Error(`--runs takes a positive number, not ${process.argv[runsArgument + 1]}`);

const GOAL_FRAME_MS = 16;
const GOAL_RATIO = 1.5;
const GOAL_DIAGNOSTICS_MS = 100;

interface Figures {
  drag: DragFigures;
  propEdit: PropEditFigures;
  keystrokes: Record<Keystroke, number[]>;
}

async function measure(): Promise<Figures> {
  const frontend = await buildFrontendWithReferences();
  try {
    const app = await startEditorBenchApp(frontend.outDir);
    try {
      const browser = await chromium.launch(chromiumLaunchOptions());
      try {
        const editor = await benchTab(browser);
        await openEditor(editor, app);
        const drag = await measureDrags(
          browser,
          editor,
          await benchTab(browser),
          `${app.baseUrl}${BOXES_PAGE_PATH}`,
        );
        const plainUrl = `${app.baseUrl}${PLAIN_PAGE_PATH}`;
        const propEdit = await measurePropEdits(editor, await benchTab(browser), plainUrl, runs);
        const keystrokes = await measureKeystrokes(editor, runs);
        return { drag, propEdit, keystrokes };
      } finally {
        await browser.close();
      }
    } finally {
      await app.close();
    }
  } finally {
    frontend.remove();
  }
}

const p95 = (values: number[]) => percentile(values, 95);
const worst = (values: number[]) => Math.max(...values);

function resultFigures({ drag, propEdit, keystrokes }: Figures) {
  const metrics = {
    cards: CARDS,
    runs,
    dragFrames: drag.editor.busyMs.length,
    dragFrameP50Ms: round(median(drag.editor.busyMs), 1),
    dragFrameP95Ms: round(p95(drag.editor.busyMs), 1),
    dragFrameMaxMs: round(worst(drag.editor.busyMs), 1),
    dragFrameSpanP95Ms: round(p95(drag.editor.spanMs), 1),
    dragGrabFrameMs: round(median(drag.editor.firstMs), 1),
    dragDropFrameMs: round(median(drag.editor.lastMs), 1),
    dragRatio: round(p95(drag.editor.busyMs) / p95(drag.boxes.busyMs), 2),
    propEditMedianMs: round(median(propEdit.editorMs), 1),
    propEditP95Ms: round(p95(propEdit.editorMs), 1),
    unknownWidgetDiagnosticsMedianMs: round(median(keystrokes.unknownWidget), 1),
    unknownWidgetDiagnosticsP95Ms: round(p95(keystrokes.unknownWidget), 1),
    syntaxErrorDiagnosticsMedianMs: round(median(keystrokes.syntaxError), 1),
    syntaxErrorDiagnosticsP95Ms: round(p95(keystrokes.syntaxError), 1),
    plainKeystrokeMedianMs: round(median(keystrokes.plainKeystroke), 1),
    plainKeystrokeP95Ms: round(p95(keystrokes.plainKeystroke), 1),
  };
  const reference = {
    boxesDragFrames: drag.boxes.busyMs.length,
    boxesDragFrameP50Ms: round(median(drag.boxes.busyMs), 1),
    boxesDragFrameP95Ms: round(p95(drag.boxes.busyMs), 1),
    boxesDragFrameMaxMs: round(worst(drag.boxes.busyMs), 1),
    boxesDragDropFrameMs: round(median(drag.boxes.lastMs), 1),
    plainRenderMedianMs: round(median(propEdit.plainMs), 1),
    plainRenderP95Ms: round(p95(propEdit.plainMs), 1),
    plainMountMs: round(median(propEdit.plainMountMs), 1),
  };
  return { metrics, reference };
}

async function main(): Promise<void> {
  if (PROFILE_DIR)
    console.log(`profiling into ${PROFILE_DIR}: an unminified build, its figures are not the product's`);
  const figures = await measure();
  const { metrics, reference } = resultFigures(figures);
  const ratio = round(metrics.propEditMedianMs / reference.plainRenderMedianMs, 2);
  const diagnosticsP95Ms = Math.max(
    metrics.unknownWidgetDiagnosticsP95Ms,
    metrics.syntaxErrorDiagnosticsP95Ms,
  );
  reportResult(
    {
      name: 'editor',
      metrics,
      reference,
      ratio,
      goal:
        `(a) drag: p95 of the main thread's work per frame < ${GOAL_FRAME_MS} ms; ` +
        `(b) prop edit → painted ≤ ${GOAL_RATIO}× the plain render of the same change (medians); ` +
        `(c) keystroke in code mode → diagnostic painted, p95 < ${GOAL_DIAGNOSTICS_MS} ms (unknown widget and syntax error)`,
      goalMet:
        metrics.dragFrameP95Ms < GOAL_FRAME_MS &&
        ratio <= GOAL_RATIO &&
        diagnosticsP95Ms < GOAL_DIAGNOSTICS_MS,
    },
    [
      `bench:editor (${CARDS} cards, ${runs} runs):`,
      `drag frame p95 ${metrics.dragFrameP95Ms} ms (goal < ${GOAL_FRAME_MS}; plain grid ${reference.boxesDragFrameP95Ms} ms, ×${metrics.dragRatio}; grab ${metrics.dragGrabFrameMs} ms, drop ${metrics.dragDropFrameMs} ms);`,
      `prop edit → paint ${metrics.propEditMedianMs} ms vs plain render ${reference.plainRenderMedianMs} ms, ratio ${ratio} (goal ≤ ${GOAL_RATIO});`,
      `keystroke → diagnostics p95 ${diagnosticsP95Ms} ms (goal < ${GOAL_DIAGNOSTICS_MS}; median unknown widget ${metrics.unknownWidgetDiagnosticsMedianMs}, syntax error ${metrics.syntaxErrorDiagnosticsMedianMs}, valid keystroke ${metrics.plainKeystrokeMedianMs})`,
    ].join(' '),
    `drag p95 < ${GOAL_FRAME_MS} ms, prop edit ≤ ${GOAL_RATIO}×, diagnostics < ${GOAL_DIAGNOSTICS_MS} ms`,
  );
}

main().catch((error: Error) => {
  console.error(`bench:editor failed: ${error.stack ?? error.message}`);
  process.exit(1);
});
