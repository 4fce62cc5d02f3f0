import { Span, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * "Required" beside a group's legend: a field's input says required itself,
 * a group of fields has no attribute to say it, so the words are there for
 * screen readers and the star for the eye.
 */
export function RequiredMark() {
  const { t } = useTranslation('editor-props');
  return (
    <>
      <Span aria-hidden color="fg.error" marginStart="1">
        *
      </Span>
      <VisuallyHidden> ({t('required')})</VisuallyHidden>
    </>
  );
}
