import { useTranslation } from 'react-i18next';
import { useSaidOnce } from '../../src/data/said-once';
import { unmatchedTagsText } from './missing-text';

/**
 * The sentence for tags nobody has given (missing-text.ts), said by the first
 * widget of the page it holds for: a new organisation's dashboard said it
 * under six of its cards. Empty for the others, and where no tags are missing.
 */
export function useUnmatchedTagsText(): (
  intent: string | undefined,
  tags: readonly string[] | undefined,
) => string {
  const { t: shared } = useTranslation('shared');
  const says = useSaidOnce();
  return (intent, tags) =>
    tags && tags.length > 0 && says(`unmatched-tags:${[...tags].sort().join('\n')}`)
      ? unmatchedTagsText(shared, intent, tags)
      : '';
}
