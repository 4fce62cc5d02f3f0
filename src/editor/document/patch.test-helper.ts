/** A JSON value without "__proto__" keys, which the editor's documents never hold (see parse-document.ts). */
export function withoutProtoKeys(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value), (key, item) => (key === '__proto__' ? undefined : item));
}
