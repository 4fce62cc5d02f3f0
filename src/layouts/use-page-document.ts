import { useEffect, useState } from 'react';
import { useWidgetRegistry } from '../engine/render/widget-registry';
import { loadDataValidators } from '../engine/validation/compiled-validators';
import { widgetNamesIn } from '../engine/widget-names';
import type { PageSummary } from '../generated/api-types';
import { preloadWidgetWords } from '../i18n/i18n';

/** A page document as it loads: from a file of layouts/ or from the organisation's stored pages. */
export type PageDocumentState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  /** `page`: a stored page's title, template, parent and revision; none for a file. */
  | { status: 'loaded'; document: unknown; page?: PageSummary };

/** What a fetch brings: the document, and for a stored page its summary. */
export interface FetchedDocument {
  document: unknown;
  page?: PageSummary;
}

/** How to fetch one page document: undefined when there is none to fetch; `isMissing` tells a failure that means "none". */
export interface PageDocumentSource {
  fetch: () => Promise<FetchedDocument> | undefined;
  isMissing?: (error: Error) => boolean;
}

/**
 * Fetches a page document with the widgets it uses (through the registry the
 * renderer is handed), their words and their data validators, so the page
 * renders in one piece and each widget asks for its data at once; a missing document or a failed load is reported, never thrown.
 * `key` names the document: a new key loads anew.
 */
export function usePageDocument(key: string, source: () => PageDocumentSource): PageDocumentState {
  const registry = useWidgetRegistry();
  const [state, setState] = useState<PageDocumentState>({ status: 'loading' });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what `source` fetches; a new closure each render is not a new document.
  useEffect(() => {
    const { fetch, isMissing = () => false } = source();
    const loading = fetch();
    if (!loading) {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    loading
      .then(async (fetched) => {
        const names = widgetNamesIn(fetched.document);
        await Promise.all([registry.preload(names), loadDataValidators(names), preloadWidgetWords(names)]);
        return fetched;
      })
      .then(
        (fetched) => current && setState({ status: 'loaded', ...fetched }),
        (error: Error) =>
          current &&
          setState(isMissing(error) ? { status: 'missing' } : { status: 'failed', message: error.message }),
      );
    return () => {
      current = false;
    };
  }, [key, registry]);
  return state;
}
