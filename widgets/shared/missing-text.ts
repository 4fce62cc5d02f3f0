/** "No data point is named …" for the names a layout asks for that are not there. */
export function missingText(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const quoted = missing.map((name) => `“${name}”`).join(', ');
  return missing.length === 1 ? `No data point is named ${quoted}.` : `No data points are named ${quoted}.`;
}
