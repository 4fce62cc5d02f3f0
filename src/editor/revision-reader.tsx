import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Says the canvas shows an older revision to read, not the document being edited, and leads back. */
export function RevisionReader({ revision, onClose }: { revision: number; onClose(): void }) {
  const { t } = useTranslation('editor');
  return (
    <Alert.Root status="info" data-testid="revision-reader">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('reader.banner', { revision })}</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onClose}>
        {t('reader.back')}
      </Button>
    </Alert.Root>
  );
}
