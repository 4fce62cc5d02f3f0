import { loadLayoutFile } from './layout-files';
import { type PageDocumentState, usePageDocument } from './use-page-document';

/** Loads layouts/<path>.json with its widgets and their data validators; a path with no file is missing. */
export function useLayoutFile(path: string): PageDocumentState {
  return usePageDocument(path, () => ({
    load: () => loadLayoutFile(path)?.then((document) => ({ document })),
  }));
}
