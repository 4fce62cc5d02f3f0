import { Box, Code, List, Text } from '@chakra-ui/react';
import type { LayoutIssue } from '../validation/issue';

interface ErrorCardProps {
  /** What could not be shown: "widget", "card", "column", "row" or "page". */
  subject: string;
  issues: LayoutIssue[];
}

/**
 * Shown in place of a part of the page that cannot render, with the pointer
 * and message of each issue so the person editing the layout can fix it.
 */
export function ErrorCard({ subject, issues }: ErrorCardProps) {
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
        This {subject} could not be shown
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
