import { createRoot } from 'react-dom/client';
import { Providers } from '../../src/app/providers';
import { LayoutView } from '../../src/engine/render/layout-view';
import { loadDataValidators } from '../../src/engine/validation/compiled-validators';
import { validatePage } from '../../src/engine/validation/validate';
import { widgetNamesIn } from '../../src/engine/widget-names';
import { wantWidgetWords } from '../../src/i18n/i18n';
import { loadPageWidgets } from '../../src/layouts/load-page-widgets';
import { widgetRegistry } from '../../widgets/registry';
import { benchDocument } from './bench-page';
import { whenWidgetsPainted } from './ready';

const WIDGETS = 200;

// The signed-in frame asks for the widgets' words with their code (src/app/signed-in-frame.tsx).
wantWidgetWords();
const WARM_RUNS = 50;

const document_ = benchDocument(WIDGETS);

// The first validation is what a page load pays; later ones show the steady cost (the editor re-validates).
// Its widgets' data validators are fetched first, as a page from layouts/ fetches them with its widgets.
await loadDataValidators(widgetNamesIn(document_));
const coldStart = performance.now();
const first = validatePage(document_);
const validationMs = performance.now() - coldStart;
if (!first.ok) throw new Error(`bench page is invalid: ${JSON.stringify(first.issues.slice(0, 3))}`);
const warm: number[] = [];
for (let run = 0; run < WARM_RUNS; run++) {
  const start = performance.now();
  validatePage(document_);
  warm.push(performance.now() - start);
}
warm.sort((a, b) => a - b);

const container = document.getElementById('root') as HTMLElement;
const renderStart = performance.now();
// As the signed-in app does for a page from layouts/ (loadPageWidgets): load the page's widget chunks,
// their words and their data validators together, then render. Without the words each widget type
// suspends on its first render, and React holds what it reveals for its throttle. Both the loading and
// LayoutView's own validation on render count in renderMs.
await loadPageWidgets(widgetRegistry, document_);
createRoot(container).render(
  <Providers>
    <LayoutView source={{ document: document_ }} origin="bench" />
  </Providers>,
);
whenWidgetsPainted(WIDGETS).then((paintedAt) => {
  window.__benchReport = {
    validationMs,
    validationWarmMs: warm[Math.floor(warm.length / 2)] ?? Number.NaN,
    renderMs: paintedAt - renderStart,
    navigationToPaintMs: paintedAt,
  };
});
