import { Box, Code, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Clash } from '../document/merge-documents';
import { SIDE_BACKGROUND } from './change-kind-style';
import { describeNode } from './describe-node';
import { JsonValue } from './json-value';

interface ClashListProps {
  clashes: readonly Clash[];
  mine: unknown;
  theirs: unknown;
  /** Who saved theirs, and as which revision. */
  theirName: string;
  theirRevision: number;
}

/**
 * The places both people changed, each their own way: the place by name and
 * by pointer, and each side's value under whose it is. The rest of both
 * versions merges on its own; these are what a person must settle.
 */
export function ClashList({ clashes, mine, theirs, theirName, theirRevision }: ClashListProps) {
  const { t } = useTranslation('editor-history');
  return (
    <Stack gap="3">
      <Heading as="h3" size="sm">
        {t('conflict.clashes', { count: clashes.length })}
      </Heading>
      <Stack as="ul" gap="3" data-testid="merge-clashes">
        {clashes.map((clash) => (
          <Box
            as="li"
            key={`${clash.in}${clash.pointer}`}
            listStyleType="none"
            borderStartWidth="4px"
            borderColor="orange.solid"
            ps="3"
            py="1"
          >
            <Stack gap="2">
              <Text fontWeight="medium">
                {describeNode(clash.in === 'mine' ? mine : theirs, clash.pointer, t)}{' '}
                <Code variant="plain" fontSize="xs" color="fg.muted">
                  {clash.pointer || '/'}
                </Code>
              </Text>
              <Stack direction={{ base: 'column', md: 'row' }} gap="3">
                <JsonValue
                  label={sideLabel(t('conflict.yourChange'), clash.mine, t)}
                  value={clash.mine ?? null}
                  background={SIDE_BACKGROUND.after}
                />
                <JsonValue
                  label={sideLabel(
                    t('conflict.theirChange', { name: theirName, revision: theirRevision }),
                    clash.theirs,
                    t,
                  )}
                  value={clash.theirs ?? null}
                  background={SIDE_BACKGROUND.before}
                />
              </Stack>
            </Stack>
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

/** Whose side it is, and that it was removed when it was. */
function sideLabel(whose: string, value: unknown, t: (key: string) => string): string {
  return value === undefined ? `${whose}: ${t('conflict.removedIt')}` : whose;
}
