import { HStack, Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/**
 * The ways data comes in, where a widget has none to show: a new
 * organisation's dashboard says what to do next instead of staying blank.
 */
export function NextSteps() {
  return (
    <HStack as="span" wrap="wrap" columnGap="3" rowGap="1" fontSize="sm" data-testid="next-steps">
      <Link asChild>
        <RouterLink to="/devices/all">Add a data point</RouterLink>
      </Link>
      <Link asChild>
        <RouterLink to="/devices/onboard">Import a file</RouterLink>
      </Link>
      <Link asChild>
        <RouterLink to="/devices/onboard#api-keys">Connect a feed</RouterLink>
      </Link>
    </HStack>
  );
}
