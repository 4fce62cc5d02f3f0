import {
  validatePage as generatedValidatePage,
  validateWidget as generatedValidateWidget,
  widgetNames as generatedWidgetNames,
} from '../../generated/validate-page.js';
import { dataValidatorModules } from '../../generated/widget-data-validators';

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

// The generated modules are plain JavaScript compiled from schemas/page.schema.json; these are their shapes.
/** A page's structure, and each widget's envelope and name; each widget's data is checked by its own validator. */
export const validatePageSchema = generatedValidatePage as unknown as CompiledValidator;
export const validateWidgetSchema = generatedValidateWidget as unknown as CompiledValidator;
/** Every widget name the page schema knows, in alphabetical order. */
export const knownWidgetNames: readonly string[] = generatedWidgetNames;

/**
 * A widget's data validator once fetched, or why it could not be. Each is a
 * module of its own (src/generated/widget-data/<name>.js), fetched for the
 * pages that show the widget: together they were most of the validator,
 * which every page, the sign-in page too, loaded whole.
 */
const dataValidators = new Map<string, CompiledValidator | Error>();

/** Fetches the data validators of the named widgets not fetched yet; unknown names have none. Never rejects. */
export async function loadDataValidators(names: Iterable<string>): Promise<void> {
  await Promise.all(
    [...new Set(names)].map(async (name) => {
      // Names come from documents: only a widget's own entry counts, never one Object.prototype lends.
      const load = Object.hasOwn(dataValidatorModules, name) ? dataValidatorModules[name] : undefined;
      if (!load || typeof dataValidators.get(name) === 'function') return;
      const loaded = await load().then(
        ({ validateData }) => validateData as CompiledValidator,
        (error: Error) => error,
      );
      dataValidators.set(name, loaded);
    }),
  );
}

/** Whether each named widget's data can be checked now: its validator fetched (or failed), or the name unknown. */
export function dataValidatorsLoaded(names: Iterable<string>): boolean {
  return [...names].every((name) => !knownWidgetNames.includes(name) || dataValidators.has(name));
}

/** The fetched data validator of a known widget, or why it could not be fetched. */
export function dataValidator(name: string): CompiledValidator | Error {
  const validator = dataValidators.get(name);
  if (!validator)
    throw new Error(`The data validator of widget "${name}" is not loaded (loadDataValidators)`);
  return validator;
}
