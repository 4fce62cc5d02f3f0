import { EditorState, type Extension } from '@codemirror/state';
import { oversizeLayoutBytes } from '../../engine/validation/parse';

/**
 * Refuses a change that would make the text larger than a layout may be (a 10 MB paste): CodeMirror would
 * keep and lay out every megabyte of it, and parsing it on each keystroke would freeze the tab, only for the
 * layout to be refused. The text stays as it was; `onRefused` hears the size, in bytes, of what was refused.
 */
export function sizeLimit(onRefused: (bytes: number) => void): Extension {
  return EditorState.changeFilter.of((transaction) => {
    const bytes = oversizeLayoutBytes(transaction.newDoc);
    if (bytes === undefined) return true;
    onRefused(bytes);
    return false;
  });
}
