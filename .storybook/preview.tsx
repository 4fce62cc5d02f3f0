import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../src/app/providers';
import { createQueryClient } from '../src/data/query-client';
import '../src/i18n/i18n';

/** The gallery has no API behind it: a live-data widget shows its failure at once instead of retrying. */
const queryClient = createQueryClient({ retry: false });

const preview: Preview = {
  decorators: [
    (Story) => (
      <Providers queryClient={queryClient}>
        <MemoryRouter>
          <Story />
        </MemoryRouter>
      </Providers>
    ),
  ],
  parameters: { layout: 'padded' },
};

export default preview;
