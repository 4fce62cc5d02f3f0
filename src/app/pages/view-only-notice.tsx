import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** What an editor's page shows a member whose role may only look: why, and the way back to what they can read. */
export function ViewOnlyNotice({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const { t } = useTranslation();
  return (
    <Alert.Root status="info">
      <Alert.Indicator />
      <Alert.Title>{t('editor.viewOnly')}</Alert.Title>
      <Button asChild size="sm" variant="outline" ms="auto">
        <Link to={backTo}>{backLabel}</Link>
      </Button>
    </Alert.Root>
  );
}
