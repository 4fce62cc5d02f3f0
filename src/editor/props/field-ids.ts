/**
 * The id of the control editing the value at a JSON Pointer: unique on the
 * page under the form's prefix, and known from the pointer alone, so an issue
 * listed elsewhere can take the focus to its field.
 */
export function fieldId(idPrefix: string, pointer: string): string {
  // HTML ids may hold any character but spaces; each segment is encoded so a key "a b" or "a/b" stays one segment.
  return `${idPrefix}${pointer
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/')}`;
}
