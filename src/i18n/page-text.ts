import { useTranslation } from 'react-i18next';

type PageField = 'title' | 'description';

/**
 * A shipped page's title or description in the reader's language. The
 * language files hold each product page's text under pages.<page id>, the
 * English as shipped: a document whose text still reads so is shown
 * translated, and one someone has edited is shown as they wrote it.
 */
export function usePageText(): (
  pageId: unknown,
  field: PageField,
  written: string | undefined,
) => string | undefined {
  const { t, i18n } = useTranslation();
  return (pageId, field, written) => {
    if (typeof pageId !== 'string' || written === undefined) return written;
    const key = `pages.${pageId}.${field}`;
    const shipped = i18n.getFixedT('en-US')(key, { defaultValue: '' });
    return shipped === written ? t(key) : written;
  };
}

/**
 * A stored page's title as lists and tabs show it: a page still titled as
 * the template it started from reads in the reader's language, one someone
 * renamed as they wrote it.
 */
export function useStoredPageTitle(): (page: { template: string | null; title: string }) => string {
  const pageText = usePageText();
  return (page) => pageText(page.template, 'title', page.title) ?? page.title;
}
