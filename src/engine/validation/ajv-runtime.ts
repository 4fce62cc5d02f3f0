const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The one helper the ahead-of-time validator needs from ajv's runtime:
 * string length in Unicode code points, as JSON Schema's maxLength counts it.
 * Most strings have no surrogate pairs, so their length is the answer; the
 * native regex test keeps that check cheap on a page's first validation.
 */
export function ucs2length(text: string): number {
  if (!SURROGATE.test(text)) return text.length;
  let length = 0;
  for (const _codePoint of text) length++;
  return length;
}
