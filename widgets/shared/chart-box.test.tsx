// vitest: isolated — framer-motion reads prefers-reduced-motion once per page, so this file gets a page of its own.
import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/theme/system';
import { ChartBox } from './chart-box';

beforeAll(() => {
  window.matchMedia = ((query: string) => ({
    matches: query.includes('prefers-reduced-motion'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  // jsdom lays nothing out: the box measures 400 × 200, as a dashboard's card would give it.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
});

describe('a chart for a person who asks for less motion', () => {
  it('is drawn without animation', async () => {
    render(
      <ChakraProvider value={system}>
        <ChartBox h="200px">{(drawing) => <p>{JSON.stringify(drawing)}</p>}</ChartBox>
      </ChakraProvider>,
    );
    expect(JSON.parse((await screen.findByText(/animate/)).textContent ?? '')).toMatchObject({
      animate: false,
    });
  });
});
