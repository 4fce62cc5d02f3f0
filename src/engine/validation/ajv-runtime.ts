/**
 * The one helper the ahead-of-time validator needs from ajv's runtime:
 * string length in Unicode code points, as JSON Schema's maxLength counts it.
 */
export function ucs2length(text: string): number {
  let length = 0;
  for (const _codePoint of text) length++;
  return length;
}
