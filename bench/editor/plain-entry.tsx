import { type Dispatch, type SetStateAction, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Providers } from '../../src/app/providers';
import { LayoutView } from '../../src/engine/render/layout-view';
import { widgetNamesIn } from '../../src/engine/widget-names';
import { preloadWidgets } from '../../widgets/registry';
import { whenWidgetsPainted } from '../engine/ready';
import { benchDocument, CARDS, withEditedLabel } from './bench-document';
import { installWhenPainted, type PaintedWatch } from './when-painted';

/**
 * The reference of the prop-edit case: the bench document rendered by the
 * app's read-only renderer (LayoutView, as a stored page shows it), with
 * nothing of the editor around it. The driver asks it for the same label
 * changes the editor makes and times each from the new document to its
 * painted frame: validate, render, paint.
 */
export interface PlainBench {
  /** createRoot → every widget of the page painted, for this load. */
  mounted: Promise<number>;
  /** Renders the document with the edited card's label changed; ms from the change to the painted frame `watch` sees. */
  relabel(label: string, watch: PaintedWatch): Promise<number>;
}

declare global {
  interface Window {
    __plainBench?: PlainBench;
  }
}

installWhenPainted();
const start = benchDocument();
let setDocument: Dispatch<SetStateAction<Record<string, unknown>>> | undefined;

function PlainPage() {
  const [document, set] = useState(start);
  setDocument = set;
  // As the app's DocumentPage gives it: one source per document.
  const source = useMemo(() => ({ document }), [document]);
  return <LayoutView source={source} origin="editor bench" showHeading={false} />;
}

async function relabel(label: string, watch: PaintedWatch): Promise<number> {
  const painted = window.__whenPainted?.(watch);
  if (!setDocument || !painted) throw new Error('the plain page has not rendered');
  const startAt = performance.now();
  setDocument((current) => withEditedLabel(current, label));
  const { paintedAt } = await painted;
  return paintedAt - startAt;
}

// As the app does for a stored page: the page's widget chunks load together, then it renders.
await preloadWidgets(widgetNamesIn(start));
const renderStart = performance.now();
createRoot(document.getElementById('root') as HTMLElement).render(
  <Providers>
    <PlainPage />
  </Providers>,
);
window.__plainBench = {
  mounted: whenWidgetsPainted(CARDS).then((paintedAt) => paintedAt - renderStart),
  relabel,
};
