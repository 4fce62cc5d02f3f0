import type { AlertSeverity } from '../generated/api-types';

/** The colour each alert severity is shown in, the same in the bell, the alert list and the rules. */
export const SEVERITY_PALETTE: Record<AlertSeverity, string> = {
  info: 'blue',
  warning: 'orange',
  critical: 'red',
};

/** The severities, least first, as forms offer them. */
export const SEVERITIES: readonly AlertSeverity[] = ['info', 'warning', 'critical'];
