import { Button, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../../api/use-api-data';

interface DataStateProps<T> {
  state: ApiData<T> & { reload: () => void };
  /** What is loaded, as the start of a sentence: "The history". */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * Loading and failure as the app's widgets show them (widgets/shared/data-state,
 * which the editor may not import): a placeholder while waiting, the server's
 * words and a way to try again when it fails, the content once loaded.
 */
export function DataState<T>({ state, what, children }: DataStateProps<T>) {
  const { t } = useTranslation('editor-history');
  if (state.status === 'loading') return <Skeleton height="24" aria-busy="true" data-testid="data-loading" />;
  if (state.status === 'failed') {
    return (
      <Stack align="start" role="alert">
        <Text color="fg.error">{t('load.failed', { what, message: state.message })}</Text>
        <Button size="xs" variant="outline" onClick={state.reload}>
          {t('load.tryAgain')}
        </Button>
      </Stack>
    );
  }
  return <>{children(state.data)}</>;
}
