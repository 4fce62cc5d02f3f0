import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { contractNamed } from '../../server/http/contracts';
import { API_VALIDATION } from '../../server/http/validation';
import type { EndpointName } from '../../src/generated/api-contracts';

/**
 * The server serializes answers through their response schemas but does not
 * validate them: a handler's answer can lose a field, or carry the wrong type
 * (which the serializer coerces), and still go out as a 200. The browser's
 * code trusts the contract, so the e2e watcher holds every answer to it.
 */
const ajv = addFormats(new Ajv({ ...API_VALIDATION.customOptions, useDefaults: false }));
const validators = new Map<EndpointName, ValidateFunction>();

function validatorOf(name: EndpointName): ValidateFunction {
  let validate = validators.get(name);
  if (!validate) {
    validate = ajv.compile(contractNamed(name).response);
    validators.set(name, validate);
  }
  return validate;
}

/**
 * Why a successful JSON answer breaks its contract's response schema (each
 * problem with the pointer into the body), or nothing when it keeps it.
 * Answers that are not JSON (exports, files) are the contract's business only
 * as far as their status goes.
 */
export function contractBreaches(name: EndpointName, contentType: string, body: string): string[] {
  if (!/^application\/json\b/.test(contentType)) return [];
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (error) {
    return [`the body is not JSON: ${(error as Error).message}`];
  }
  const validate = validatorOf(name);
  if (validate(value)) return [];
  return (validate.errors ?? []).map(
    (error) => `${error.instancePath || '(the body)'} ${error.message ?? 'is invalid'}`,
  );
}
