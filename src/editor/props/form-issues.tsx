import { Alert, List } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Problems of the props as a whole (neither of two props that need one set)
 * or of a prop the form has no field for: at the top, where they are read first.
 */
export const FormIssues = memo(function FormIssues({ messages }: { messages: readonly string[] }) {
  const { t } = useTranslation('editor-props');
  if (messages.length === 0) return null;
  return (
    <Alert.Root status="error" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('issues.title', { count: messages.length })}</Alert.Title>
        <Alert.Description>
          <List.Root>
            {messages.map((message) => (
              <List.Item key={message}>{message}</List.Item>
            ))}
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
});
