import { EditorState, type Extension } from '@codemirror/state';
import { MAX_LAYOUT_BYTES } from '../../engine/validation/parse';

/**
 * Refuses a change that would make the text larger than a layout may be (a 10 MB paste): CodeMirror would
 * keep and lay out every megabyte of it, and parsing it on each keystroke would freeze the tab, only for the
 * layout to be refused. The text stays as it was; `onRefused` hears the size, in bytes, of what was refused.
 */
export function sizeLimit(onRefused: (bytes: number) => void): Extension {
  return EditorState.changeFilter.of((transaction) => {
    // A character is at least one byte in UTF-8: more characters than the limit is surely too much, and the
    // exact byte count is taken only then.
    if (transaction.newDoc.length <= MAX_LAYOUT_BYTES) return true;
    const bytes = new TextEncoder().encode(transaction.newDoc.toString()).length;
    if (bytes <= MAX_LAYOUT_BYTES) return true;
    onRefused(bytes);
    return false;
  });
}
