import { useEffect, useState } from 'react';
import { useWidgetRegistry } from '../engine/render/widget-registry';
import type { PageSummary } from '../generated/api-types';
import { loadPageWidgets } from './load-page-widgets';

/** A page document as it loads: from a file of layouts/ or from the organisation's stored pages. */
export type PageDocumentState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  /** `page`: a stored page's title, template, parent and revision; none for a file. */
  | { status: 'loaded'; document: unknown; page?: PageSummary };

/** What loading brings: the document. */
export interface LoadedDocument {
  document: unknown;
}

/** How to load one page document of the app's own: undefined when there is none to load. */
export interface PageDocumentSource {
  load: () => Promise<LoadedDocument> | undefined;
}

/**
 * Loads a page document of layouts/ with what its widgets need
 * (loadPageWidgets), so the page renders in one piece; a missing document or
 * a failed load is reported, never thrown. `key` names the document: a new
 * key loads anew. Not a query, unlike a stored page (use-stored-page.ts):
 * these documents are part of the app, code-split into chunks of its own
 * (an import(), like a lazy component), never data from the API; and the
 * public pages that show them load without the data cache.
 */
export function usePageDocument(key: string, source: () => PageDocumentSource): PageDocumentState {
  const registry = useWidgetRegistry();
  const [state, setState] = useState<PageDocumentState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `source` loads; a new closure each render is not a new document.
  useEffect(() => {
    const loading = source().load();
    if (!loading) {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loading
      .then(async (loaded) => {
        await loadPageWidgets(registry, loaded.document);
        return loaded;
      })
      .then(
        (loaded) => current && setState({ status: 'loaded', ...loaded }),
        (error: Error) => current && setState({ status: 'failed', message: error.message }),
      );
    return () => {
      current = false;
    };
  }, [key, registry]);
  return state;
}
