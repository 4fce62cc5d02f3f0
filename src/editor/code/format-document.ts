import { format, type ParseError, parseTree } from 'jsonc-parser';

/** One edit of the formatting, in CodeMirror's change shape. */
export interface FormattingChange {
  from: number;
  to: number;
  insert: string;
}

/**
 * The changes that pretty-print the document with two spaces a level (as
 * JSON.stringify(value, null, 2) writes it), or undefined when the text is not
 * valid JSON. Formatting moves only whitespace, as separate small edits, so
 * the cursor stays on the token it was on, and numbers and keys are written
 * exactly as they were typed: a round trip through JSON.parse would rewrite
 * 1.50 as 1.5 and drop a repeated key.
 */
export function formattingChanges(text: string): FormattingChange[] | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false });
  if (!tree || errors.length > 0) return undefined;
  return format(text, undefined, { tabSize: 2, insertSpaces: true, eol: '\n' }).map((edit) => ({
    from: edit.offset,
    to: edit.offset + edit.length,
    insert: edit.content,
  }));
}
