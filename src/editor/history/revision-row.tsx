import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PageRevision } from '../../generated/api-types';
import { SavedAt } from './saved-at';

interface RevisionRowProps {
  revision: PageRevision;
  isCurrent: boolean;
  opening: boolean;
  onOpen: () => void;
  /** Left out for the current revision: there is nothing to compare it with. */
  onCompareWithCurrent?: () => void;
  /** Left out for the first revision. */
  onCompareWithPrevious?: () => void;
  /** Left out for the current revision, and for people who may not edit. */
  onRestore?: () => void;
}

/** One save in the history: which, who, when and why, and what can be done with it. */
export function RevisionRow({
  revision,
  isCurrent,
  opening,
  onOpen,
  onCompareWithCurrent,
  onCompareWithPrevious,
  onRestore,
}: RevisionRowProps) {
  const { t } = useTranslation('editor-history');
  const number = revision.revision;
  return (
    <Stack
      as="li"
      role="group"
      aria-label={t('history.revision', { revision: number })}
      listStyleType="none"
      gap="1"
      py="3"
      borderBottomWidth="1px"
      borderColor="border.muted"
    >
      <HStack gap="2" wrap="wrap" align="baseline">
        <Text fontWeight="semibold">{t('history.revision', { revision: number })}</Text>
        {isCurrent ? (
          <Badge colorPalette="brand" variant="subtle">
            {t('history.current')}
          </Badge>
        ) : null}
        <Text fontSize="sm" color="fg.muted">
          {revision.preset
            ? t('history.preset')
            : t('history.by', { name: revision.author ?? t('history.someoneGone') })}{' '}
          · <SavedAt iso={revision.createdAt} />
        </Text>
      </HStack>
      {revision.message ? (
        <Text fontSize="sm">{revision.message}</Text>
      ) : (
        <Text fontSize="sm" color="fg.muted" fontStyle="italic">
          {t('history.noMessage')}
        </Text>
      )}
      <HStack gap="1" wrap="wrap">
        <Button size="xs" variant="outline" loading={opening} onClick={onOpen}>
          {t('history.open')}
        </Button>
        {onCompareWithCurrent ? (
          <Button size="xs" variant="ghost" onClick={onCompareWithCurrent}>
            {t('history.compareCurrent')}
          </Button>
        ) : null}
        {onCompareWithPrevious ? (
          <Button size="xs" variant="ghost" onClick={onCompareWithPrevious}>
            {t('history.comparePrevious')}
          </Button>
        ) : null}
        {onRestore ? (
          <Button size="xs" variant="ghost" colorPalette="brand" onClick={onRestore}>
            {t('history.restore')}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
