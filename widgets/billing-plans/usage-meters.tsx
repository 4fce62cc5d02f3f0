import { HStack, Progress, SimpleGrid } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BillingResponse, PlanTerms } from '../../src/generated/api-types';
import { formatCount } from '../shared/format';
import { COUNTED } from './counted';

/**
 * How much of the plan the organisation uses: a bar per limit, orange from
 * four fifths, red when full, so a limit is seen before it refuses something.
 */
export function UsageMeters({
  usage,
  limits,
}: {
  usage: BillingResponse['usage'];
  limits: PlanTerms['limits'];
}) {
  const { t } = useTranslation('billing-plans');
  return (
    <SimpleGrid columns={{ base: 1, md: 3 }} gap="4" aria-label={t('usage')} role="group">
      {COUNTED.map((what) => {
        const used = usage[what];
        const limit = limits[what];
        const palette = used >= limit ? 'red' : used >= limit * 0.8 ? 'orange' : 'green';
        return (
          <Progress.Root
            key={what}
            value={Math.min(used, limit)}
            max={limit}
            colorPalette={palette}
            size="sm"
          >
            <HStack justify="space-between" mb="1">
              <Progress.Label>{t(`used.${what}`)}</Progress.Label>
              <Progress.ValueText>
                {t('ofLimit', { used: formatCount(used), limit: formatCount(limit) })}
              </Progress.ValueText>
            </HStack>
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        );
      })}
    </SimpleGrid>
  );
}
