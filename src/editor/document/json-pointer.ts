/** The segments of a JSON Pointer (RFC 6901): "/rows/0/a~1b" → ["rows", "0", "a/b"]; the root "" → []. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new PatchError(`"${pointer}" is not a JSON Pointer: it must start with "/"`);
  return pointer
    .slice(1)
    .split('/')
    .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/** A JSON Pointer from its segments, escaping "~" and "/" as RFC 6901 says. */
export function pointerOf(segments: readonly (string | number)[]): string {
  return segments
    .map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`)
    .join('');
}

/** The value at a pointer, or undefined when there is none. */
export function valueAt(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointerSegments(pointer)) {
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isRecord(node)) node = Object.hasOwn(node, segment) ? node[segment] : undefined;
    else return undefined;
  }
  return node;
}

/** Whether `pointer` is `ancestor` or lies inside it. */
export function isWithin(pointer: string, ancestor: string): boolean {
  return pointer === ancestor || pointer.startsWith(`${ancestor}/`);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A patch that does not fit the document it is applied to; the document is left as it was. */
export class PatchError extends Error {
  override name = 'PatchError';
}
