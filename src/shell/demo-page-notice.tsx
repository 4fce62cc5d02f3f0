import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isDemoPath } from '../layouts/page-paths';

/**
 * Marks the template's demo pages as such: their figures are made up, and
 * without a word they pass for the organisation's own.
 */
export function DemoPageNotice() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!isDemoPath(pathname)) return null;
  return (
    <Alert.Root status="info" variant="subtle" mb="4" role="status" data-testid="demo-page-notice">
      <Alert.Indicator />
      <Alert.Title fontWeight="normal">{t('shell.demoPage')}</Alert.Title>
    </Alert.Root>
  );
}
