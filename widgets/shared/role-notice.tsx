import { Heading, Stack, Text } from '@chakra-ui/react';

/**
 * What a widget shows a member whose role may not use it: its heading, and
 * who may and whom to ask. The widget asks the server for nothing then.
 */
export function RoleNotice({ heading, note }: { heading: string; note: string }) {
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {heading}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {note}
      </Text>
    </Stack>
  );
}
