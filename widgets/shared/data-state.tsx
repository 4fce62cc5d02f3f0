import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ApiData } from '../../src/api/use-api-data';

type DataStateInput<T> = ApiData<T> & { reload: () => void };

/** Loading and failure as every product widget shows them; the loaded content otherwise. */
export function DataState<T>({
  state,
  what,
  children,
}: {
  state: DataStateInput<T>;
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

/**
 * A data hook's query as DataState shows it. Data already shown stays when
 * a refetch (the page's refresh) fails: a dashboard keeps its last figures
 * rather than blanking them for a dropped connection.
 */
export function fromQuery<T>(query: UseQueryResult<T>): DataStateInput<T> {
  const reload = () => {
    void query.refetch();
  };
  if (query.data !== undefined) return { status: 'loaded', data: query.data, reload };
  if (query.isError) return { status: 'failed', message: query.error.message, reload };
  return { status: 'loading', reload };
}
