/** A push an integrator can paste into a terminal to try the key at once. */
export function curlExample(baseUrl: string, secret: string): string {
  const body = JSON.stringify({
    readings: [{ dataPoint: 'Main meter', ts: '2025-01-01T00:00:00Z', value: 1234.5 }],
  });
  return [
    `curl -X POST ${baseUrl.replace(/\/+$/, '')}/api/readings \\`,
    `  -H 'Authorization: ApiKey ${secret}' \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -d '${body}'`,
  ].join('\n');
}
