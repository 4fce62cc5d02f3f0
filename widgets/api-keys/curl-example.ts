/**
 * A push an integrator can paste into a terminal to try the key at once,
 * to a data point named `dataPoint` (an example name in the reader's language).
 */
export function curlExample(baseUrl: string, secret: string, dataPoint: string): string {
  const body = JSON.stringify({
    readings: [{ dataPoint, ts: '2025-01-01T00:00:00Z', value: 1234.5 }],
  });
  return [
    `curl -X POST ${baseUrl.replace(/\/+$/, '')}/api/readings \\`,
    `  -H 'Authorization: ApiKey ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
