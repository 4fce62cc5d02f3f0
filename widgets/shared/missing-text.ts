/** "No data point is named …" for the names a layout asks for that are not there. */
export function missingText(missing: readonly string[]): string {
  if (missing.length === 0) return '';
  const quoted = missing.map((name) => `“${name}”`).join(', ');
  return missing.length === 1 ? `No data point is named ${quoted}.` : `No data points are named ${quoted}.`;
}

/**
 * What a widget counts when the layout narrows by tags nobody has given
 * (fetchPoints then takes every data point of the intent), and how to
 * narrow it: the tags a point carries are its places' (Sites).
 */
export function unmatchedTagsText(intent: string | undefined, tags: readonly string[] | undefined): string {
  if (!tags || tags.length === 0) return '';
  const quoted = tags.map((tag) => `“${tag}”`).join(' and ');
  const what = intent ? `${intent} data points` : 'data points';
  return `This counts all your ${what}: none is on a place tagged ${quoted}. Tag the places of the meters to count alone (Sites) to narrow it.`;
}
