import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifySchema } from 'fastify';
import { API_VALIDATION } from './validation';

type RouteSchema = { schema: FastifySchema; httpPart?: string };

/**
 * Fastify's validator compiler for the API. Bodies are validated strictly
 * (API_VALIDATION: unknown fields and wrong types refused, never coerced);
 * the path and query string arrive as text, so there numbers and booleans
 * written as text are read as what the schema says they are.
 */
export function requestValidatorCompiler() {
  const strict = withFormats(new Ajv({ ...API_VALIDATION.customOptions }));
  const fromText = withFormats(new Ajv({ ...API_VALIDATION.customOptions, coerceTypes: true }));
  const compiled = new WeakMap<object, ValidateFunction>();
  return ({ schema, httpPart }: RouteSchema) => {
    const known = compiled.get(schema);
    if (known) return known;
    const ajv = httpPart === 'params' || httpPart === 'querystring' ? fromText : strict;
    const validate = ajv.compile(schema as object);
    compiled.set(schema, validate);
    return validate;
  };
}

function withFormats(ajv: Ajv): Ajv {
  addFormats(ajv);
  return ajv;
}
