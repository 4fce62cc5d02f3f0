import { Alert, Button, List } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatIssue, type LayoutIssue } from '../engine/validation/issue';

/** Shown this many at first: a pasted document can have hundreds, and the first ones are the ones to fix. */
const SHOWN = 8;

/** Why the page cannot be saved: every issue, each a button that selects its node in either mode. Memoised: most edits leave the issues as they were. */
export const IssueList = memo(function IssueList({
  issues,
  onSelect,
}: {
  issues: readonly LayoutIssue[];
  onSelect(pointer: string): void;
}) {
  const { t } = useTranslation('editor');
  if (issues.length === 0) return null;
  return (
    <Alert.Root status="error" data-testid="editor-issues">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('issues.title', { count: issues.length })}</Alert.Title>
        <List.Root listStyle="none" gap="1" mt="1">
          {issues.slice(0, SHOWN).map((issue) => (
            <List.Item key={formatIssue(issue)}>
              <Button
                size="xs"
                variant="plain"
                px="0"
                h="auto"
                whiteSpace="normal"
                textAlign="start"
                fontFamily="mono"
                onClick={() => onSelect(issue.pointer)}
              >
                {formatIssue(issue)}
              </Button>
            </List.Item>
          ))}
        </List.Root>
        {issues.length > SHOWN ? (
          <Alert.Description>{t('issues.more', { count: issues.length - SHOWN })}</Alert.Description>
        ) : null}
      </Alert.Content>
    </Alert.Root>
  );
});
