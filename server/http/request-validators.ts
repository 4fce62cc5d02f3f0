import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema } from 'fastify';
import { jsonProblem } from './json-body';
import { API_VALIDATION } from './validation';

type RouteSchema = { schema: FastifySchema; httpPart?: string };

const strict = withFormats(new Ajv({ ...API_VALIDATION.customOptions }));
const fromText = withFormats(new Ajv({ ...API_VALIDATION.customOptions, coerceTypes: true }));
const compiledFromText = new WeakMap<object, ValidateFunction>();
const compiledStrict = new WeakMap<object, ValidateFunction>();

/**
 * Fastify's validator compiler for the API. Bodies are validated strictly
 * (API_VALIDATION: unknown fields and wrong types refused, never coerced);
 * the path and query string arrive as text, so there numbers and booleans
 * written as text are read as what the schema says they are.
 *
 * Each schema is compiled once per process, whichever app asks: the contracts
 * do not change while the server runs, and the server tests build an app per
 * file and engine, where compiling every contract afresh was a tenth of their
 * CPU. The route schemas are the same objects from app to app (routeSchema in
 * register-endpoints.ts keeps them per contract).
 */
export function compileRequestValidator({ schema, httpPart }: RouteSchema): ValidateFunction {
  const asText = httpPart === 'params' || httpPart === 'querystring';
  const compiled = asText ? compiledFromText : compiledStrict;
  const known = compiled.get(schema);
  if (known) return known;
  const validate = asText
    ? storableOnly(finiteNumbersOnly(fromText.compile(schema as object)))
    : strict.compile(schema as object);
  compiled.set(schema, validate);
  return validate;
}

/**
 * ajv coerces a run of 400 digits to Infinity and then lets it past
 * `maximum`; a number read from the address must be finite, or it reaches
 * the database as "Infinity".
 */
function finiteNumbersOnly(validate: ValidateFunction): ValidateFunction {
  const check = ((data: Record<string, unknown> | undefined) => {
    const valid = validate(data);
    check.errors = validate.errors;
    if (!valid) return false;
    const infinite = Object.keys(data ?? {}).find((key) => {
      const value = data?.[key];
      return typeof value === 'number' && !Number.isFinite(value);
    });
    if (infinite === undefined) return true;
    check.errors = [
      {
        instancePath: `/${infinite}`,
        schemaPath: '#/type',
        keyword: 'type',
        params: { type: 'number' },
        message: 'must be a finite number',
      },
    ];
    return false;
  }) as ValidateFunction;
  return check;
}

/**
 * The JSON parser refuses a NUL in a body (json-body.ts); text from the
 * address never meets it, and PostgreSQL refuses U+0000 in text, so the same
 * check runs here on the path and query string once they validate.
 */
function storableOnly(validate: ValidateFunction): ValidateFunction {
  const check = ((data: unknown) => {
    const valid = validate(data);
    check.errors = validate.errors;
    if (!valid) return false;
    const problem = jsonProblem(data);
    if (!problem) return true;
    check.errors = [
      {
        instancePath: problem.pointer,
        schemaPath: '#',
        keyword: 'storable',
        params: { reason: problem.message },
        message: problem.message,
      },
    ];
    return false;
  }) as ValidateFunction;
  return check;
}

function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  return ajv;
}
