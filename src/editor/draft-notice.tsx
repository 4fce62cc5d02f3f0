import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** Says that the editor opened with changes kept from before, and offers to throw them away. */
export function DraftNotice({ savedAt, onDiscard }: { savedAt: number; onDiscard(): void }) {
  const { t, i18n } = useTranslation('editor');
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    savedAt,
  );
  return (
    <Alert.Root status="info" data-testid="draft-notice">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>{t('draft.restored', { when })}</Alert.Description>
      </Alert.Content>
      <Button size="xs" variant="outline" onClick={onDiscard}>
        {t('draft.discard')}
      </Button>
    </Alert.Root>
  );
}
