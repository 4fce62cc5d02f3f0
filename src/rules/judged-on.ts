import type { AlertCondition } from '../generated/api-types';

/**
 * What a rule's condition is judged on: each reading; the end of each
 * complete hour, sampled from the rollups; or the steps of its point's
 * register that the readings' writer flags. The server judges by it, and
 * the replay's answer counts in it (readings, hours or steps judged).
 */
export function judgedOn(condition: AlertCondition): 'readings' | 'hours' | 'steps' {
  switch (condition.kind) {
    case 'budget':
    case 'baseline':
      return 'hours';
    case 'flaggedStep':
      return 'steps';
    default:
      return 'readings';
  }
}
