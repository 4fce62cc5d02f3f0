import { useParams } from 'react-router-dom';
import { useLayoutFile } from '../../layouts/use-layout-file';
import { DocumentPage } from './document-page';

/** A page whose document is layouts/<path>.json: the given path, or the route's "*" remainder. */
export function LayoutPage({ path, showHeading = true }: { path?: string; showHeading?: boolean }) {
  const params = useParams();
  const layoutPath = path ?? params['*'] ?? '';
  const file = useLayoutFile(layoutPath);
  return <DocumentPage state={file} origin={`layouts/${layoutPath}.json`} showHeading={showHeading} />;
}
