import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/theme/system';
import { LESS_MOTION_QUERY } from '../../src/ui/use-media';
import { matchMediaWhere } from '../../tests/setup/match-media';
import { ChartBox } from './chart-box';

const jsdomMatchMedia = window.matchMedia;

beforeAll(() => {
  window.matchMedia = matchMediaWhere((query) => query === LESS_MOTION_QUERY);
  // jsdom lays nothing out: the box measures 400 × 200, as a dashboard's card would give it.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
});

afterAll(() => {
  window.matchMedia = jsdomMatchMedia;
  // jsdom's own (always 0) are on Element.prototype: the next file in this worker measures as before.
  Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
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
