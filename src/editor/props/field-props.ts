import type { JsonSchema } from './json-schema';

/** What every field of the form is given. */
export interface FieldProps {
  schema: JsonSchema;
  value: unknown;
  /** The new value; `undefined` removes the prop (an optional prop left empty is not stored empty). */
  onChange(next: unknown): void;
  /** Where the value is in the props (a JSON Pointer, '' = the props themselves). */
  pointer: string;
  label: string;
  /** The value must be there: left empty, it stays empty ("", []) instead of being removed. */
  required: boolean;
  /**
   * The value is a list's item, a tuple's position or a map's value: there
   * as long as it is in its list, so never removed when emptied, and not
   * marked required beside each item.
   */
  inList?: boolean;
}
