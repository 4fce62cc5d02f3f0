import type { AlertSeverity } from '../../src/generated/api-types';

/** The rule an alert is of, as the messages about it name it. */
export interface AlertingRule {
  id: number;
  organisationId: number;
  name: string;
  severity: AlertSeverity;
  dataPointName: string;
}
