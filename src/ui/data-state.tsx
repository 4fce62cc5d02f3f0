import { Button, Link, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { isNotFound } from '../api/api-failure';

/** What a read has come to: loading, failed (with why, and whether what it named is not there) or loaded. */
export type ApiData<T> =
  | { status: 'loading' }
  /** `notFound`: the server says what was asked for is not there (or not the caller's organisation's). */
  | { status: 'failed'; message: string; notFound?: boolean }
  | { status: 'loaded'; data: T };

/** A read as DataState shows it, with the way to ask again. */
export type DataStateInput<T> = ApiData<T> & { reload: () => void };

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
  const { t } = useTranslation();
  if (state.status === 'loading') return <Skeleton height="24" aria-busy="true" data-testid="data-loading" />;
  // What the address names is not there for this person (the server says 404 for another
  // organisation's ids too): trying again cannot help, so the way on is offered instead.
  if (state.status === 'failed' && state.notFound) {
    return (
      <Stack align="start" role="status" data-testid="not-found">
        <Text>{t('errors.notFound')}</Text>
        <Link asChild fontSize="sm">
          <RouterLink to="/">{t('errors.home')}</RouterLink>
        </Link>
      </Stack>
    );
  }
  if (state.status === 'failed') {
    return (
      <Stack align="start" role="alert">
        <Text color="fg.error">{t('errors.couldNotLoad', { what, message: state.message })}</Text>
        <Button size="xs" variant="outline" onClick={state.reload}>
          {t('errors.tryAgain')}
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
  if (query.isError) {
    return { status: 'failed', message: query.error.message, notFound: isNotFound(query.error), reload };
  }
  return { status: 'loading', reload };
}
