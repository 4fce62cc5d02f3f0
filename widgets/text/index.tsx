import { Heading, Stack, Text } from '@chakra-ui/react';
import type { WidgetProps } from '../../src/engine/widget-types';
import { splitParagraphs } from './paragraphs';

const FONT_SIZES = { sm: 'sm', md: 'md', lg: 'lg' } as const;

/**
 * A heading and paragraphs. Text is always rendered as text: markup typed
 * into a layout shows as written and is never interpreted as HTML.
 */
export default function TextWidget({ data }: WidgetProps<'text'>) {
  const { heading, body, size = 'md', align = 'start', muted = false } = data;
  return (
    <Stack gap="2" textAlign={align}>
      {heading ? (
        <Heading as="h3" size={size === 'lg' ? 'xl' : 'md'}>
          {heading}
        </Heading>
      ) : null}
      {splitParagraphs(body).map(({ id, text }) => (
        <Text
          key={id}
          fontSize={FONT_SIZES[size]}
          color={muted ? 'fg.muted' : undefined}
          whiteSpace="pre-line"
        >
          {text}
        </Text>
      ))}
    </Stack>
  );
}
