import { useMutation, useQueryClient } from '@tanstack/react-query';
import { tariffsChanged } from './priced';
import { screenQueryKey } from './screen-query';

/**
 * A write to the organisation's tariffs (saved, copied, deleted): once it
 * succeeds the tariffs' list and every priced answer (priced.ts) are asked
 * again, on every screen showing one, and the mutation stays pending until
 * they have answered.
 */
export function useTariffMutation<Input, Output>(write: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: screenQueryKey('tariffs') }),
        tariffsChanged(client),
      ]),
  });
}
