/** Where alerts are seen, acknowledged and snoozed: the address mails and webhook posts link to. */
export function alertsPage(publicUrl: string): string {
  return `${publicUrl}/control/logicbuilder`;
}
