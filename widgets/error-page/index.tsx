import { Button, EmptyState, Heading, VStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WidgetProps } from '../../src/engine/widget-types';

/** "This page does not exist" or "something went wrong", in the user's language, with the way back. */
export default function ErrorPage({ data }: WidgetProps<'error-page'>) {
  const { t } = useTranslation();
  return (
    <EmptyState.Root>
      <EmptyState.Content>
        <VStack textAlign="center">
          <Heading as="h1" size="lg">
            {t(`errors.${data.code}.title`)}
          </Heading>
          <EmptyState.Description>{t(`errors.${data.code}.description`)}</EmptyState.Description>
        </VStack>
        <Button asChild variant="outline" size="sm">
          <Link to="/">{t('errors.home')}</Link>
        </Button>
      </EmptyState.Content>
    </EmptyState.Root>
  );
}
