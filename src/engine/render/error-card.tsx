import { Box, Code, List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { LayoutIssue } from '../validation/issue';

interface ErrorCardProps {
  /** What could not be shown. */
  subject: 'widget' | 'card' | 'column' | 'row' | 'page' | 'example';
  issues: LayoutIssue[];
}

/**
 * Shown in place of a part of the page that cannot render, with the pointer
 * and message of each issue so the person editing the layout can fix it.
 */
export function ErrorCard({ subject, issues }: ErrorCardProps) {
  const { t } = useTranslation();
  return (
    <Box
      role="alert"
      data-testid="error-card"
      data-pointer={issues[0]?.pointer ?? ''}
      borderWidth="1px"
      borderColor="border.error"
      bg="bg.error"
      color="fg.error"
      borderRadius="md"
      p="3"
      fontSize="sm"
    >
      <Text fontWeight="semibold" mb="1">
        {t(`layout.cannotShow.${subject}`)}
      </Text>
      <List.Root gap="1" listStyle="none">
        {issues.map((issue) => (
          <List.Item key={`${issue.pointer}:${issue.message}`} wordBreak="break-word">
            <Code colorPalette="red" variant="surface" mr="1">
              {issue.pointer || '/'}
            </Code>
            {issue.message}
          </List.Item>
        ))}
      </List.Root>
    </Box>
  );
}
