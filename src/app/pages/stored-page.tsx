import { Button, HStack, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useCan } from '../../auth/use-can';
import { useStoredPage } from '../../layouts/use-stored-page';
import { DocumentPage } from './document-page';

/** /dashboards/:pageId: one of the organisation's stored pages, its current revision, with real data; editors get Edit. */
export function StoredPage() {
  const pageId = Number(useParams().pageId);
  const state = useStoredPage(pageId);
  const canEdit = useCan('dashboardUpdate');
  const { t } = useTranslation();
  return (
    <Stack gap="2">
      {canEdit && state.status === 'loaded' ? (
        <HStack justify="end">
          <Button asChild size="sm" variant="outline" data-testid="edit-page">
            <Link to={`/dashboards/${pageId}/edit`}>{t('editor.edit')}</Link>
          </Button>
        </HStack>
      ) : null}
      <DocumentPage state={state} origin={`dashboard ${pageId}`} />
    </Stack>
  );
}
