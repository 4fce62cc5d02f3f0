import { useEffect, useState } from 'react';
import { isNotFound } from '../api/api-failure';
import { useWidgetRegistry } from '../engine/render/widget-registry';
import { loadDataValidators } from '../engine/validation/compiled-validators';
import { widgetNamesIn } from '../engine/widget-names';
import { api } from '../generated/api-client';
import type { LayoutFileState } from './use-layout-file';

/**
 * Loads one of the organisation's stored pages (its current revision, as the
 * server migrated it) with the widgets and data validators it uses, as
 * useLayoutFile does for a file: an id that is not a page of the
 * organisation is missing, like a file that does not exist.
 */
export function useStoredPage(pageId: number): LayoutFileState {
  const registry = useWidgetRegistry();
  const [state, setState] = useState<LayoutFileState>({ status: 'loading' });
  useEffect(() => {
    if (!Number.isInteger(pageId) || pageId < 1) {
      setState({ status: 'missing' });
      return;
    }
    let current = true;
    setState({ status: 'loading' });
    api
      .dashboardGet({ id: pageId })
      .then(async ({ document }) => {
        const names = widgetNamesIn(document);
        await Promise.all([registry.preload(names), loadDataValidators(names)]);
        return document;
      })
      .then(
        (document) => current && setState({ status: 'loaded', document }),
        (error: Error) =>
          current &&
          setState(isNotFound(error) ? { status: 'missing' } : { status: 'failed', message: error.message }),
      );
    return () => {
      current = false;
    };
  }, [pageId, registry]);
  return state;
}
