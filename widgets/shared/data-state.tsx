import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import type { ApiData } from '../../src/api/use-api-data';

/** Loading and failure as every product widget shows them; the loaded content otherwise. */
export function DataState<T>({
  state,
  what,
  children,
}: {
  state: ApiData<T> & { reload: () => void };
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (state.status === 'loading') return <Skeleton height="24" aria-busy="true" data-testid="data-loading" />;
  if (state.status === 'failed') {
    return (
      <Stack align="start" role="alert">
        <Text color="fg.error">
          {what} could not be loaded: {state.message}
        </Text>
        <Button size="xs" variant="outline" onClick={state.reload}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <>{children(state.data)}</>;
}
