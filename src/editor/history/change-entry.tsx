import { Badge, Box, Code, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CHANGE_KIND_STYLE, SIDE_BACKGROUND } from './change-kind-style';
import { describeNode } from './describe-node';
import type { DocumentChange } from './document-diff';
import { JsonValue } from './json-value';

interface ChangeEntryProps {
  change: DocumentChange;
  /** The document the change starts from: where removals and moves' origins are named. */
  before: unknown;
  /** The document it ends in: where everything else is named. */
  after: unknown;
  beforeLabel: string;
  afterLabel: string;
}

/** One change: its kind in word and colour, the node by name and by pointer, and its values. */
export function ChangeEntry({ change, before, after, beforeLabel, afterLabel }: ChangeEntryProps) {
  const { t } = useTranslation('editor-history');
  const style = CHANGE_KIND_STYLE[change.kind];
  const side = change.kind === 'removed' ? before : after;
  return (
    <Box as="li" listStyleType="none" borderStartWidth="4px" borderColor={style.edge} ps="3" py="1">
      <Stack gap="2">
        <HStack gap="2" wrap="wrap" align="baseline">
          <Badge colorPalette={style.palette} variant="subtle">
            <span aria-hidden="true">{style.sign}</span> {t(`kind.${change.kind}`)}
          </Badge>
          <Text fontWeight="medium">{describeNode(side, change.pointer, t)}</Text>
          <Code variant="plain" fontSize="xs" color="fg.muted">
            {change.pointer || '/'}
          </Code>
        </HStack>
        {change.kind === 'moved' && change.from !== undefined ? (
          <Text fontSize="sm" color="fg.muted">
            {t('diff.movedFrom', { place: describeNode(before, change.from, t) })}{' '}
            <Code variant="plain" fontSize="xs">
              {change.from || '/'}
            </Code>
          </Text>
        ) : null}
        <Values change={change} beforeLabel={beforeLabel} afterLabel={afterLabel} />
      </Stack>
    </Box>
  );
}

function Values({ change, beforeLabel, afterLabel }: Omit<ChangeEntryProps, 'before' | 'after'>) {
  if (change.kind === 'moved') return null;
  return (
    <Stack direction={{ base: 'column', md: 'row' }} gap="3">
      {change.kind !== 'added' ? (
        <JsonValue label={beforeLabel} value={change.before} background={SIDE_BACKGROUND.before} />
      ) : null}
      {change.kind !== 'removed' ? (
        <JsonValue label={afterLabel} value={change.after} background={SIDE_BACKGROUND.after} />
      ) : null}
    </Stack>
  );
}
