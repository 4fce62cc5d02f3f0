import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** A line beside the chart that could not be read: what went wrong, and a way to ask again. */
export function FailedLine({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation('data-explorer');
  return (
    <HStack role="alert" gap="2" wrap="wrap">
      <Text fontSize="sm" color="fg.error">
        {message}
      </Text>
      <Button size="xs" variant="outline" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </HStack>
  );
}
