import { readContracts } from '../../server/http/contracts.ts';
import { buildApiClient, buildApiContracts } from './api-client.ts';
import { buildApiExamples } from './api-examples.ts';
import { buildApiTypes } from './api-types.ts';
import { buildDemoLayouts } from './demo-layouts.ts';
import { buildPageSchema } from './page-schema.ts';
import { readLayoutSchema, readWidgetSchemas } from './read-schemas.ts';
import { buildStoryFiles } from './stories.ts';
import { buildTypes } from './types.ts';
import { buildValidatorModules, WIDGET_DATA_FOLDER } from './validator.ts';
import { buildWidgetTextFields } from './widget-text-fields.ts';

/**
 * Every file derived from schemas/, keyed by its path from the repository root.
 * `npm run gen` writes them; a test compares them with what is checked in.
 */
export async function buildGeneratedFiles(): Promise<Record<string, string>> {
  const widgets = readWidgetSchemas();
  const pageSchema = buildPageSchema(readLayoutSchema(), widgets);
  const contracts = readContracts();
  return {
    'schemas/page.schema.json': `${JSON.stringify(pageSchema, null, 2)}\n`,
    'src/generated/page-types.ts': await buildTypes(pageSchema),
    ...buildValidatorModules(pageSchema),
    'src/generated/widget-text-fields.ts': buildWidgetTextFields(widgets),
    'src/generated/api-types.ts': await buildApiTypes(),
    'src/generated/api-contracts.ts': buildApiContracts(contracts),
    'src/generated/api-client.ts': buildApiClient(contracts),
    'src/generated/api-examples.ts': buildApiExamples(contracts),
    ...buildStoryFiles(widgets),
    ...buildDemoLayouts(),
  };
}

/** Folders whose every file is generated: files there that the generator no longer makes are stale. */
export const GENERATED_FOLDERS = ['stories/widgets', WIDGET_DATA_FOLDER];
