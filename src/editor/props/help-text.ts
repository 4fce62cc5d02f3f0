import { PROP_HELP_NAMESPACE } from '../../i18n/i18n';
import { useWording } from '../../i18n/wording';

/**
 * A prop's help, its schema's description, in the person's language
 * (./help-text/<locale>.json maps each English description to its
 * translation; tests/i18n/prop-help.test.ts holds them to the schemas).
 */
export function usePropHelp(): (description: string) => string {
  return useWording(PROP_HELP_NAMESPACE);
}
