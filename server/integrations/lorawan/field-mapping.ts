/**
 * lorawan_devices.fields as a map of decoded field name to data point id.
 * Entries that are not a data point id (a positive int4) are dropped: the column is
 * plain jsonb, and a bad entry must not stop the good ones.
 */
export function fieldMapping(json: unknown): Map<string, number> {
  const mapping = new Map<string, number>();
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return mapping;
  for (const [name, id] of Object.entries(json)) {
    if (typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && id < 2 ** 31) mapping.set(name, id);
  }
  return mapping;
}
