import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Clash } from '../document/merge-documents';
import { ClashList } from './clash-list';
import { DocumentDiffView } from './document-diff-view';
import type { ConflictingRevision } from './save-conflict';
import { absoluteTime, relativeTime } from './saved-time';

export interface ConflictViewProps {
  /** The document the editor tried to save. */
  mine: unknown;
  /** The revision saved meanwhile, from the 409 answer. */
  theirs: ConflictingRevision;
  /** The places both changed their own way (merge-documents.ts); the rest merges on its own. */
  clashes?: readonly Clash[];
  /** Save mine over theirs (the editor saves with baseRevision = theirs.revision). */
  onKeepMine: () => void;
  /** Drop mine and carry on from theirs. */
  onTakeTheirs: () => void;
  /** Open code mode to bring both together. */
  onMergeByHand: () => void;
}

/**
 * Shown when a save found that someone else saved the page first: who saved
 * what and when, the three ways on, and what the person's version changes in
 * theirs.
 */
export function ConflictView({
  mine,
  theirs,
  clashes = [],
  onKeepMine,
  onTakeTheirs,
  onMergeByHand,
}: ConflictViewProps) {
  const { t } = useTranslation('editor-history');
  const titleId = useId();
  const theirName = theirs.author ?? t('history.someoneGone');
  return (
    <Stack gap="4" role="region" aria-labelledby={titleId}>
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title id={titleId}>{t('conflict.title')}</Alert.Title>
          <Alert.Description>
            <Text>
              {t('conflict.savedBy', {
                name: theirName,
                revision: theirs.revision,
                relative: relativeTime(theirs.savedAt, Date.now()),
                absolute: absoluteTime(theirs.savedAt),
              })}
            </Text>
            {theirs.message ? <Text>{t('conflict.theirMessage', { message: theirs.message })}</Text> : null}
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Text>{t('conflict.unsaved')}</Text>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }}>
        <Choice label={t('conflict.keepMine')} hint={t('conflict.keepMineHint')} onChoose={onKeepMine} main />
        <Choice
          label={t('conflict.takeTheirs')}
          hint={t('conflict.takeTheirsHint')}
          onChoose={onTakeTheirs}
        />
        <Choice
          label={t('conflict.mergeByHand')}
          hint={t('conflict.mergeByHandHint')}
          onChoose={onMergeByHand}
        />
      </Stack>
      {clashes.length > 0 ? (
        <ClashList
          clashes={clashes}
          mine={mine}
          theirs={theirs.document}
          theirName={theirName}
          theirRevision={theirs.revision}
        />
      ) : null}
      <Heading as="h3" size="sm">
        {t('conflict.differences')}
      </Heading>
      <DocumentDiffView
        before={theirs.document}
        after={mine}
        beforeLabel={t('conflict.theirs', { revision: theirs.revision })}
        afterLabel={t('conflict.mine')}
      />
    </Stack>
  );
}

interface ChoiceProps {
  label: string;
  /** What choosing it does, read with the button. */
  hint: string;
  onChoose: () => void;
  main?: boolean;
}

function Choice({ label, hint, onChoose, main = false }: ChoiceProps) {
  const hintId = useId();
  return (
    <Stack gap="1" flex="1" align="start">
      <Button
        size="sm"
        colorPalette="brand"
        variant={main ? 'solid' : 'outline'}
        aria-describedby={hintId}
        onClick={onChoose}
      >
        {label}
      </Button>
      <Text id={hintId} fontSize="sm" color="fg.muted">
        {hint}
      </Text>
    </Stack>
  );
}
