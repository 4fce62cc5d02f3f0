import {
  validatePage as generatedValidatePage,
  validateWidget as generatedValidateWidget,
  widgetNames as generatedWidgetNames,
} from '../../generated/validate-page.js';

/** The part of an ajv error the engine reads. */
export interface AjvError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

// The generated module is plain JavaScript compiled from schemas/page.schema.json; these are its shapes.
export const validatePageSchema = generatedValidatePage as unknown as CompiledValidator;
export const validateWidgetSchema = generatedValidateWidget as unknown as CompiledValidator;
/** Every widget name the page schema knows, in alphabetical order. */
export const knownWidgetNames: readonly string[] = generatedWidgetNames;
