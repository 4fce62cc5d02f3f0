import type { Migration } from './migration';

/**
 * Version 0 is the admin template's original page: a bare array of rows,
 * with no id or title. Version 1 wraps it in a document.
 */
export const v0ToV1: Migration = {
  from: 0,
  to: 1,
  description: 'wrap a bare array of rows in a page document',
  migrate(document) {
    return { schemaVersion: 1, id: 'untitled', title: 'Untitled page', rows: document };
  },
};
