import { Box } from '@chakra-ui/react';
import { useMemo } from 'react';
import { ErrorCard } from '../src/engine/render/error-card';
import { useDataValidators } from '../src/engine/render/use-data-validators';
import { WidgetSlot } from '../src/engine/render/widget-slot';
import { validateWidget } from '../src/engine/validation/validate';
import { catalogueEntry } from '../widgets/catalogue';

interface WidgetExampleProps {
  /** Widget name, as in schemas/widgets/<name>.schema.json. */
  name: string;
  /** Index into that schema's `examples`. */
  example: number;
}

/**
 * One example from a widget's schema, validated and rendered the way a page
 * renders it, so the gallery shows what layouts will show.
 */
export function WidgetExample({ name, example }: WidgetExampleProps) {
  const names = useMemo(() => new Set([name]), [name]);
  if (!useDataValidators(names)) return <Box aria-busy="true" />;
  const data = catalogueEntry(name)?.examples[example];
  const widget = { key: 'example', name, data };
  const validation = validateWidget(widget);
  return (
    <Box maxW="3xl" bg="bg" borderWidth="1px" borderRadius="md">
      {validation.ok ? (
        <WidgetSlot widget={validation.value} pointer={`/examples/${example}`} />
      ) : (
        <ErrorCard subject="example" issues={validation.issues} />
      )}
    </Box>
  );
}
