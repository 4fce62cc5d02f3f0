import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { PlanFeature } from '../../src/generated/api-types';

/**
 * In place of a form the organisation's plan would refuse (402): what the
 * plan lacks, the plan that has it, and the way to Billing.
 */
export function PlanOffer({
  feature,
  plan,
  upgrade,
}: {
  feature: PlanFeature;
  plan: string | null;
  upgrade: string | undefined;
}) {
  const { t } = useTranslation('shared');
  return (
    <Alert.Root status="info" maxW="2xl">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>
          {t('planOffer.lacks', {
            plan: plan ?? t('planOffer.none'),
            feature: t(`planOffer.features.${feature}`),
          })}
        </Alert.Title>
        <Alert.Description>
          {upgrade ? t('planOffer.upgrade', { upgrade }) : t('planOffer.ask')}
        </Alert.Description>
        {/* Under the words, not beside them: on a phone a button beside squeezes them to a few per line. */}
        <Button asChild size="sm" variant="outline" alignSelf="start" mt="2">
          <RouterLink to="/billing">{t('planOffer.seePlans')}</RouterLink>
        </Button>
      </Alert.Content>
    </Alert.Root>
  );
}
