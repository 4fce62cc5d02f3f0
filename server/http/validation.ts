/**
 * How request bodies are validated. Strict on purpose: unknown fields and wrong
 * types are refused, never dropped or coerced. Union types (a data point's id
 * or name) are written as a type list, as scripts/generate/validator.ts allows.
 */
export const API_VALIDATION = {
  customOptions: {
    removeAdditional: false,
    coerceTypes: false,
    useDefaults: true,
    allErrors: true,
    allowUnionTypes: true,
  },
} as const;
