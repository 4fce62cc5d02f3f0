import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { system } from '../../src/theme/system';
import { LESS_MOTION_QUERY } from '../../src/ui/use-media';
import { matchMediaWhere } from '../../tests/setup/match-media';
import { ChartBox } from './chart-box';

const ownMatchMedia = window.matchMedia;
const MEASURES = ['clientWidth', 'clientHeight'] as const;
const ownMeasures = MEASURES.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));

beforeAll(() => {
  window.matchMedia = matchMediaWhere((query) => query === LESS_MOTION_QUERY);
  // happy-dom lays nothing out: the box measures 400 × 200, as a dashboard's card would give it.
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 400 });
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 200 });
});

afterAll(() => {
  window.matchMedia = ownMatchMedia;
  // The next file in this worker measures as before: happy-dom's own (always 0) back in their place.
  MEASURES.forEach((name, index) => {
    const own = ownMeasures[index];
    if (own) Object.defineProperty(HTMLElement.prototype, name, own);
    else Reflect.deleteProperty(HTMLElement.prototype, name);
  });
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
