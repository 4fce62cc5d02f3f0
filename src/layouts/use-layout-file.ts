import { useEffect, useState } from 'react';
import { useWidgetRegistry } from '../engine/render/widget-registry';
import { loadDataValidators } from '../engine/validation/compiled-validators';
import { widgetNamesIn } from '../engine/widget-names';
import { loadLayoutFile } from './layout-files';

export type LayoutFileState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'failed'; message: string }
  | { status: 'loaded'; document: unknown };

/**
 * Loads layouts/<path>.json, the widgets it uses (through the registry the
 * renderer is handed) and their data validators, reporting a missing file or
 * a failed chunk load instead of throwing.
 */
export function useLayoutFile(path: string): LayoutFileState {
  const registry = useWidgetRegistry();
  const [state, setState] = useState<LayoutFileState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    const loading = loadLayoutFile(path);
    if (!loading) {
      setState({ status: 'missing' });
      return;
    }
    setState({ status: 'loading' });
    loading
      .then(async (document) => {
        const names = widgetNamesIn(document);
        await Promise.all([registry.preload(names), loadDataValidators(names)]);
        return document;
      })
      .then(
        (document) => current && setState({ status: 'loaded', document }),
        (error: Error) => current && setState({ status: 'failed', message: error.message }),
      );
    return () => {
      current = false;
    };
  }, [path, registry]);
  return state;
}
