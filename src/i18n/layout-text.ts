import { LAYOUT_TEXT_NAMESPACE } from './i18n';
import { useWording } from './wording';

/**
 * A shipped layout's heading or label in the reader's language. The
 * dictionary (src/i18n/layout-text/<locale>.json) maps each wording the
 * product's layouts ship with to its translation: text as shipped reads
 * translated, and text someone wrote in a layout of their own reads as they
 * wrote it.
 */
export function useLayoutText(): (written: string) => string {
  return useWording(LAYOUT_TEXT_NAMESPACE);
}
