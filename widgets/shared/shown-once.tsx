import { Alert, Button, Code, HStack, Stack } from '@chakra-ui/react';
import { type ReactNode, useState } from 'react';
import { notify } from '../../src/ui/toaster';

/** What a secret shown once says, in the widget's words. */
export interface ShownOnceWords {
  /** Names the panel for a screen reader: 'New key Gateway'. */
  label: string;
  /** That it will not be shown again. */
  warning: string;
  copy: string;
  copied: string;
  copyRefused: string;
  done: string;
}

/**
 * A secret the server returns once (only its hash, or nothing of it, can be
 * shown again): a warning, the secret with a copy button, what the widget
 * adds below (how to use it), and a button that puts it away.
 */
export function ShownOnce({
  secret,
  words,
  testId,
  onDone,
  children,
}: {
  secret: string;
  words: ShownOnceWords;
  /** The secret's test id, by which browser tests read it as a person would copy it. */
  testId: string;
  onDone: () => void;
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      notify.warning(words.copyRefused);
    }
  };
  return (
    <Stack as="section" aria-label={words.label} gap="3" borderWidth="1px" borderRadius="md" p="4">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Title>{words.warning}</Alert.Title>
      </Alert.Root>
      <HStack align="center" gap="2" wrap="wrap">
        <Code data-testid={testId} fontSize="sm" wordBreak="break-all" p="2">
          {secret}
        </Code>
        <Button size="sm" onClick={copy}>
          {copied ? words.copied : words.copy}
        </Button>
      </HStack>
      {children}
      <Button alignSelf="start" size="sm" variant="outline" onClick={onDone}>
        {words.done}
      </Button>
    </Stack>
  );
}
