/**
 * The credential a report's print page reads its data with (server/reports/
 * print-credential.ts): the renderer's Chromium opens the page with it in
 * the address's fragment. Held in memory only, never in storage, and sent in
 * place of a user's token while the print page is open.
 */
let printCredential: string | undefined;

/** Takes `#print=<credential>` out of the address (so it is not kept in history) and uses it; undefined without one. */
export function takePrintCredential(location: Location = window.location): string | undefined {
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const credential = fragment.get('print') ?? undefined;
  if (credential) {
    printCredential = credential;
    window.history.replaceState(window.history.state, '', `${location.pathname}${location.search}`);
  }
  return printCredential;
}

export function currentPrintCredential(): string | undefined {
  return printCredential;
}
