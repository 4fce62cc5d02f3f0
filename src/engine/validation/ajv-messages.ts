import type { AjvError } from './compiled-validators';
import { childPointer, type LayoutIssue } from './issue';

/**
 * Turns ajv's errors into issues a person can act on, each pointing at the
 * exact value: unknown fields point at the field, missing ones at where they
 * belong, enums list the allowed values.
 */
export function issuesFromAjv(errors: AjvError[], knownWidgets: readonly string[]): LayoutIssue[] {
  const issues: LayoutIssue[] = [];
  for (const error of errors) {
    const issue = issueFromAjv(error, knownWidgets);
    if (issue && !issues.some((seen) => seen.pointer === issue.pointer && seen.message === issue.message)) {
      issues.push(issue);
    }
  }
  return issues;
}

function issueFromAjv(error: AjvError, knownWidgets: readonly string[]): LayoutIssue | undefined {
  const at = error.instancePath;
  const params = error.params;
  switch (error.keyword) {
    // "if" only says its "then"/"else" branch failed; that branch's own error is reported.
    case 'if':
      return undefined;
    case 'required':
      return { pointer: childPointer(at, String(params.missingProperty)), message: 'is required' };
    case 'additionalProperties':
      return {
        pointer: childPointer(at, String(params.additionalProperty)),
        message: 'is not a known field here',
      };
    case 'enum':
      return {
        pointer: at,
        message: `must be one of ${(params.allowedValues as unknown[]).map(show).join(', ')}`,
      };
    case 'const':
      return { pointer: at, message: `must be ${show(params.allowedValue)}` };
    case 'type':
      return { pointer: at, message: `must be ${article(String(params.type))}` };
    case 'discriminator':
      return discriminatorIssue(at, params, knownWidgets);
    case 'pattern':
      return { pointer: at, message: `must match the pattern ${String(params.pattern)}` };
    case 'minLength':
      return {
        pointer: at,
        message:
          params.limit === 1 ? 'must not be empty' : `must be at least ${params.limit} characters long`,
      };
    case 'maxLength':
      return { pointer: at, message: `must be at most ${params.limit} characters long` };
    case 'minItems':
      return {
        pointer: at,
        message: `must have at least ${params.limit} item${params.limit === 1 ? '' : 's'}`,
      };
    case 'maxItems':
      return { pointer: at, message: `must have at most ${params.limit} items` };
    case 'minProperties':
      return {
        pointer: at,
        message: `must have at least ${params.limit} field${params.limit === 1 ? '' : 's'}`,
      };
    case 'uniqueItems': {
      const [first, repeat] = [Number(params.i), Number(params.j)].sort((a, b) => a - b);
      return { pointer: childPointer(at, repeat as number), message: `repeats item ${first}` };
    }
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return { pointer: at, message: `must be ${String(params.comparison)} ${params.limit}` };
    case 'multipleOf':
      return { pointer: at, message: `must be a multiple of ${params.multipleOf}` };
    case 'additionalItems':
      return { pointer: at, message: `must have at most ${params.limit} items` };
    // Not a JSON Schema keyword: the server's own checks of values it could not store say why in `reason`.
    case 'storable':
      return { pointer: at, message: String(params.reason) };
    default:
      return { pointer: at, message: `does not satisfy the schema's "${error.keyword}" rule` };
  }
}

function discriminatorIssue(
  at: string,
  params: Record<string, unknown>,
  knownWidgets: readonly string[],
): LayoutIssue {
  const pointer = childPointer(at, String(params.tag));
  if (params.error === 'tag') return { pointer, message: 'must be a widget name (a string)' };
  return {
    pointer,
    message: `unknown widget ${show(params.tagValue)}; known widgets: ${knownWidgets.join(', ')}`,
  };
}

function show(value: unknown): string {
  return JSON.stringify(value);
}

/** ajv writes types as "integer" or "string,null"; say them as a sentence does. */
function article(types: string): string {
  return types
    .split(',')
    .map((type) => (type === 'null' ? 'null' : /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`))
    .join(' or ');
}
