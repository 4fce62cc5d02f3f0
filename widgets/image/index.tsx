import { Box, Image, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../../src/engine/widget-types';
import { isSafeHref } from '../shared/smart-link';

/** An image with its text alternative; a broken image says so instead of showing an empty box. */
export default function ImageWidget({ data }: WidgetProps<'image'>) {
  const { src, alt, caption, fit = 'cover', height } = data;
  const { t } = useTranslation('image');
  const [failed, setFailed] = useState(false);
  const usable = isSafeHref(src) && !src.startsWith('mailto:');
  return (
    <Box as="figure">
      {usable && !failed ? (
        <Image
          src={src}
          alt={alt}
          fit={fit}
          w="full"
          h={height ? `${height}px` : 'auto'}
          borderRadius="md"
          onError={() => setFailed(true)}
        />
      ) : (
        <Box
          h={height ? `${height}px` : '32'}
          display="flex"
          alignItems="center"
          justifyContent="center"
          bg="bg.muted"
          borderRadius="md"
          color="fg.muted"
          fontSize="sm"
          role="img"
          aria-label={alt}
        >
          {t('notAvailable', { alt })}
        </Box>
      )}
      {caption ? (
        <Text as="figcaption" fontSize="sm" color="fg.muted" mt="2">
          {caption}
        </Text>
      ) : null}
    </Box>
  );
}
