import type { AlertCondition } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { fieldError } from '../http/api-error';
import { isPriced } from '../tariffs/point-costs';
import { ownPoint } from './own-point';
import type { RuleFields } from './rules';

/** What the schema cannot say of a rule's fields, said at the field's pointer. */
export function checkRuleFields(fields: RuleFields): void {
  if (fields.name.trim() === '')
    throw fieldError('/name', 'Give the rule a name, such as "Main meter over 50 kWh".');
}

/**
 * That the condition can be judged on the data point, one of the
 * organisation's (404 otherwise) with readings of its own: a budget, a
 * baseline or a flagged step is on a meter's register, and a cost budget
 * on a point a tariff prices.
 */
export async function checkConditionFits(
  db: Database,
  organisationId: number,
  dataPointId: number,
  condition: AlertCondition,
): Promise<void> {
  const point = await ownPoint(db, organisationId, dataPointId);
  if (point.source === 'virtual') {
    throw fieldError(
      '/dataPointId',
      `"${point.name}" is a virtual data point, worked out from others when it is charted, and a rule judges readings as they are stored: put the rule on the data points its formula reads.`,
    );
  }
  if (condition.kind === 'baseline' && condition.direction === 'below' && condition.percent >= 100) {
    throw fieldError(
      '/condition/percent',
      `An hour can be at most 100% below its usual use (when it uses nothing): ${condition.percent}% below never happens. Choose less than 100.`,
    );
  }
  if (condition.kind !== 'budget' && condition.kind !== 'baseline' && condition.kind !== 'flaggedStep')
    return;
  if (point.kind !== 'cumulative') {
    throw fieldError(
      '/condition/kind',
      condition.kind === 'flaggedStep'
        ? `"${point.name}" is not a meter's register, and only a register's steps are flagged: choose a cumulative data point.`
        : `"${point.name}" is not a meter's register, and a ${condition.kind} is judged on the use a register adds each hour: choose a cumulative data point.`,
    );
  }
  if (
    condition.kind === 'budget' &&
    condition.measure === 'cost' &&
    !(await isPriced(db, organisationId, point))
  ) {
    throw fieldError(
      '/condition/measure',
      `No tariff prices "${point.name}" in ${point.unit || 'its unit'}: assign one to it or a place above it, or budget its consumption.`,
    );
  }
}
