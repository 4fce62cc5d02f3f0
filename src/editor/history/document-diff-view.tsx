import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChangeEntry } from './change-entry';
import { diffDocuments } from './document-diff';

export interface DocumentDiffViewProps {
  /** The older side (a revision, or theirs in a conflict). */
  before: unknown;
  /** The newer side (the current revision, or mine in a conflict). */
  after: unknown;
  /** What the sides are called above their values; "Before" and "After" unless given. */
  beforeLabel?: string;
  afterLabel?: string;
}

/** Every difference between two layout documents, one entry each, or a plain "No differences". */
export function DocumentDiffView({ before, after, beforeLabel, afterLabel }: DocumentDiffViewProps) {
  const { t } = useTranslation('editor-history');
  const { changes, count } = useMemo(() => diffDocuments(before, after), [before, after]);
  if (count === 0) {
    return (
      <Text role="status" color="fg.muted">
        {t('diff.none')}
      </Text>
    );
  }
  return (
    <Stack gap="3">
      <Text role="status" fontWeight="medium">
        {t('diff.summary', { count })}
      </Text>
      <Stack as="ul" gap="4" aria-label={t('diff.label')} m="0" p="0">
        {changes.map((change) => (
          <ChangeEntry
            key={`${change.kind} ${change.from ?? ''} ${change.pointer}`}
            change={change}
            before={before}
            after={after}
            beforeLabel={beforeLabel ?? t('diff.before')}
            afterLabel={afterLabel ?? t('diff.after')}
          />
        ))}
      </Stack>
    </Stack>
  );
}
