import { Button, Card, HStack, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { BillingResponse, PlanFeature, PlanTerms } from '../../src/generated/api-types';
import { formatCount } from '../shared/format';
import { COUNTED } from './counted';
import { formatPrice } from './format-price';

/** Every feature a plan may include, in the order the cards list them. */
const FEATURES: readonly PlanFeature[] = ['mqtt', 'lorawan', 'apiKeys'];

interface PlanCardProps {
  terms: PlanTerms;
  usage: BillingResponse['usage'];
  /** The plan the organisation has now, active or trialing. */
  current: boolean;
  /** Offered to admins only; others are told whom to ask. */
  canChoose: boolean;
  choosing: boolean;
  onChoose: () => void;
}

/**
 * One plan: its price, what it includes and lacks, and the way to choose it.
 * A plan smaller than what the organisation has is not offered; the card says
 * which of its limits the organisation is over.
 */
export function PlanCard({ terms, usage, current, canChoose, choosing, onChoose }: PlanCardProps) {
  const { t } = useTranslation('billing-plans');
  const { t: shellText } = useTranslation();
  const over = COUNTED.find((what) => usage[what] > terms.limits[what]);
  return (
    <Card.Root
      variant="outline"
      borderColor={current ? 'brand.solid' : undefined}
      borderWidth={current ? 2 : 1}
    >
      <Card.Body gap="3">
        <HStack justify="space-between" align="baseline" wrap="wrap">
          <Card.Title>{terms.name}</Card.Title>
          <Text>
            <Text as="span" fontSize="2xl" fontWeight="semibold">
              {formatPrice(terms.price.amount, terms.price.currency)}
            </Text>{' '}
            <Text as="span" color="fg.muted" fontSize="sm">
              {t('perMonth')}
            </Text>
          </Text>
        </HStack>
        <Card.Description>{t(`plans.${terms.code}`)}</Card.Description>
        <List.Root variant="plain" gap="1" fontSize="sm">
          {COUNTED.map((what) => (
            <List.Item key={what}>
              {t(`limits.${what}`, { count: terms.limits[what], formatted: formatCount(terms.limits[what]) })}
            </List.Item>
          ))}
          {FEATURES.map((feature) => {
            const included = terms.features.includes(feature);
            return (
              <List.Item key={feature} color={included ? undefined : 'fg.muted'}>
                <List.Indicator aria-hidden color={included ? 'green.fg' : 'fg.subtle'}>
                  {included ? '✓' : '–'}
                </List.Indicator>
                {included
                  ? shellText(`planFeatures.${feature}`)
                  : t('notIncluded', { feature: shellText(`planFeatures.${feature}`) })}
              </List.Item>
            );
          })}
        </List.Root>
      </Card.Body>
      {canChoose ? (
        <Card.Footer>
          <Stack gap="2" width="full">
            <Button
              colorPalette="brand"
              disabled={current || over !== undefined}
              loading={choosing}
              onClick={onChoose}
              aria-label={t('choose', { plan: terms.name })}
            >
              {current ? t('yourPlan') : t('choose', { plan: terms.name })}
            </Button>
            {over && !current ? (
              <Text fontSize="sm" color="fg.muted">
                {t(`tooSmall.${over}`, {
                  count: usage[over],
                  formatted: formatCount(usage[over]),
                  plan: terms.name,
                  limit: formatCount(terms.limits[over]),
                })}
              </Text>
            ) : null}
          </Stack>
        </Card.Footer>
      ) : null}
    </Card.Root>
  );
}
