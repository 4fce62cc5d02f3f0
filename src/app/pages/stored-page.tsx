import { useParams } from 'react-router-dom';
import { useStoredPage } from '../../layouts/use-stored-page';
import { DocumentPage } from './document-page';

/** /dashboards/:pageId: one of the organisation's stored pages, its current revision, with real data. */
export function StoredPage() {
  const pageId = Number(useParams().pageId);
  const state = useStoredPage(pageId);
  return <DocumentPage state={state} origin={`dashboard ${pageId}`} />;
}
