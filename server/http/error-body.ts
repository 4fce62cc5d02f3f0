import { readFileSync } from 'node:fs';
import { inlineSharedRefs } from './shared-schemas';

/** The shape of every refusal under /api (schemas/api/shared/error.schema.json), for serializing 4xx and 5xx answers. */
export const errorBodySchema: Record<string, unknown> = (() => {
  const { $schema: _schema, ...schema } = inlineSharedRefs(
    JSON.parse(readFileSync(new URL('../../schemas/api/shared/error.schema.json', import.meta.url), 'utf8')),
  ) as Record<string, unknown>;
  return schema;
})();
