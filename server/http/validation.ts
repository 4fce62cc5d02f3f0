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
    // A oneOf told apart by a field (an alert condition's kind) is checked against the branch it names,
    // so an error points into that branch, not at every other.
    discriminator: true,
  },
} as const;
