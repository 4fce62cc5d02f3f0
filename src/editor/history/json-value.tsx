import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Beyond this many lines a value is cut, with a button to see it whole. */
const LONGEST_SHOWN = 12;
/** What a cut value shows of its start. */
const CUT_TO = 8;

interface JsonValueProps {
  label: string;
  value: unknown;
  background: string;
}

/**
 * A value of the document as pretty JSON, as text: whatever the strings in it
 * say, they are shown, never interpreted. A long one (a whole card) shows its
 * first lines until asked for all.
 */
export function JsonValue({ label, value, background }: JsonValueProps) {
  const { t } = useTranslation('editor-history');
  const [whole, setWhole] = useState(false);
  const lines = (JSON.stringify(value, null, 2) ?? String(value)).split('\n');
  const long = lines.length > LONGEST_SHOWN;
  const shown = long && !whole ? [...lines.slice(0, CUT_TO), '…'] : lines;
  return (
    <Stack gap="1" flex="1" minW="0">
      <Text fontSize="xs" color="fg.muted" fontWeight="medium">
        {label}
      </Text>
      <Box
        as="pre"
        bg={background}
        color="fg"
        fontFamily="mono"
        fontSize="xs"
        p="2"
        rounded="sm"
        overflowX="auto"
        whiteSpace="pre-wrap"
        wordBreak="break-word"
      >
        {shown.join('\n')}
      </Box>
      {long ? (
        <Button
          size="2xs"
          variant="ghost"
          alignSelf="start"
          aria-expanded={whole}
          onClick={() => setWhole(!whole)}
        >
          {whole ? t('diff.showLess') : t('diff.showAll', { count: lines.length })}
        </Button>
      ) : null}
    </Stack>
  );
}
