import type { Preview } from '@storybook/react-vite';
import { Providers } from '../src/app/providers';

const preview: Preview = {
  decorators: [
    (Story) => (
      <Providers>
        <Story />
      </Providers>
    ),
  ],
  parameters: { layout: 'padded' },
};

export default preview;
