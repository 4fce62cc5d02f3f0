import { HStack, Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The ways data comes in, where a widget has none to show: a new
 * organisation's dashboard says what to do next instead of staying blank.
 */
export function NextSteps() {
  const { t } = useTranslation('shared');
  return (
    <HStack as="span" wrap="wrap" columnGap="3" rowGap="1" fontSize="sm" data-testid="next-steps">
      <Link asChild>
        <RouterLink to="/devices/all">{t('nextSteps.addDataPoint')}</RouterLink>
      </Link>
      <Link asChild>
        <RouterLink to="/devices/onboard">{t('nextSteps.importFile')}</RouterLink>
      </Link>
      <Link asChild>
        <RouterLink to="/devices/onboard#api-keys">{t('nextSteps.connectFeed')}</RouterLink>
      </Link>
    </HStack>
  );
}
