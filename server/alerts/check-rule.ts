import { fieldError } from '../http/api-error';
import type { RuleFields } from './rules';

/** What the schema cannot say of a rule's fields, said at the field's pointer. */
export function checkRuleFields(fields: RuleFields): void {
  if (fields.name.trim() === '')
    throw fieldError('/name', 'Give the rule a name, such as "Main meter over 50 kWh".');
}
