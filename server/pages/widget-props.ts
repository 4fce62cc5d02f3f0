import type { WidgetConfigRequest } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { checkedDocument, type PlaceIssue } from './checked-document';
import { type OpenedPage, ownPage } from './pages';
import { saveRevision } from './save-revision';
import { readStored } from './stored-document';
import { type LocatedWidget, locateWidget, withWidgetProps } from './widget-locator';

/**
 * Replaces one widget's props in the current document and saves the page as
 * its next revision, checked whole as any save. The widget is looked up in
 * the revision the save starts from, with the page locked.
 */
export async function setWidgetProps(
  db: Database,
  { organisationId, authorId }: { organisationId: number; authorId: string },
  request: WidgetConfigRequest,
): Promise<OpenedPage> {
  await ownPage(db, organisationId, request.pageId);
  return saveRevision(db, {
    organisationId,
    pageId: request.pageId,
    baseRevision: request.baseRevision,
    authorId,
    message: request.message,
    next: async ({ revision }) => {
      const { document } = readStored(revision.document);
      const widget = locateWidget(document, request.key, request.pageId);
      return checkedDocument(withWidgetProps(document, widget, request.props), inRequest(widget));
    },
  });
}

/** Problems inside the props point under /props; any other is the page's, named in the message. */
function inRequest(widget: LocatedWidget): PlaceIssue {
  return (issue) =>
    issue.pointer === widget.dataPointer || issue.pointer.startsWith(`${widget.dataPointer}/`)
      ? { ...issue, pointer: `/props${issue.pointer.slice(widget.dataPointer.length)}` }
      : { pointer: '', message: `the page at ${issue.pointer || '/'} ${issue.message}` };
}
