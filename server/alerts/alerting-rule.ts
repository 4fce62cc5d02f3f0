import type { AlertSeverity } from '../../src/generated/api-types';

/** The rule an alert is of, as the messages about it name it. */
export interface AlertingRule {
  id: number;
  organisationId: number;
  name: string;
  severity: AlertSeverity;
  dataPointName: string;
}

/** How a message names an alert's change: "[critical] Pressure high", "[resolved] Pressure high". */
export function alertSubject(rule: AlertingRule, firing: boolean): string {
  return `${firing ? `[${rule.severity}] ` : '[resolved] '}${rule.name}`;
}
