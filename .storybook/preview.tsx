import type { Preview } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { Providers } from '../src/app/providers';
import '../src/i18n/i18n';

const preview: Preview = {
  decorators: [
    (Story) => (
      <Providers>
        <MemoryRouter>
          <Story />
        </MemoryRouter>
      </Providers>
    ),
  ],
  parameters: { layout: 'padded' },
};

export default preview;
