import { Box, HStack, Text } from '@chakra-ui/react';

/** What a hovered point or bar says: which series, its value with the unit, and the bucket's time. */
export function ChartTooltip({
  color,
  name,
  value,
  time,
}: {
  color: string;
  name: string;
  value: string;
  time: string;
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderRadius="sm" px="2" py="1" boxShadow="sm" fontSize="xs">
      <HStack gap="1.5">
        <Box w="2.5" h="2.5" borderRadius="full" bg={color} flexShrink={0} />
        <Text fontWeight="medium">{name}</Text>
      </HStack>
      <Text fontWeight="semibold">{value}</Text>
      <Text color="fg.muted">{time}</Text>
    </Box>
  );
}
