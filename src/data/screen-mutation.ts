import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tariffsChanged } from './priced';
import { screenQueryKey } from './screen-query';

/**
 * A write a screen makes, as a mutation. Once it succeeds, the screen reads
 * it changes (named as their useScreenQuery is) are asked again, on this
 * screen and on every other one showing them, and the mutation stays pending
 * until they have answered, so a button's spinner ends with the list already
 * showing what was written.
 *
 * `reprices`: the write changes what the tariffs price (a tariff saved or
 * deleted), so every priced answer (priced.ts) is asked again too.
 */
export function useScreenMutation<Input, Output>(
  write: (input: Input) => Promise<Output>,
  changes: readonly string[],
  { reprices = false }: { reprices?: boolean } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        ...changes.map((name) => client.invalidateQueries({ queryKey: screenQueryKey(name) })),
        ...(reprices ? [tariffsChanged(client)] : []),
      ]),
  });
}
