/**
 * The screen reads (useScreenQuery's names) of the organisation's stored
 * pages, for the writes that change them to name: a page added, saved, reset,
 * restored or deleted changes the list; a page saved, reset or restored
 * changes the page.
 */
export const PAGE_LIST_READ = 'page-list';
export const STORED_PAGE_READ = 'stored-page';
