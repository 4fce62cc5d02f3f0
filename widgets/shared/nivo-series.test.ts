import { describe, expect, it } from 'vitest';
import { CANVAS_THRESHOLD, chooseRenderer, pointCount, timeTickFormat, toNivoSeries } from './nivo-series';

const HOUR = 3_600_000;

describe('line chart series', () => {
  it('keeps a missing value as a gap (null), never a zero', () => {
    const [serie] = toNivoSeries([
      {
        id: 'm',
        label: 'Main',
        points: [
          [0, 1],
          [HOUR, null],
          [2 * HOUR, 3],
        ],
      },
    ]);
    expect(serie?.id).toBe('Main');
    expect(serie?.data.map((point) => point.y)).toEqual([1, null, 3]);
    expect(serie?.data[1]?.x).toEqual(new Date(HOUR));
  });

  it('draws with SVG up to the threshold and with canvas beyond it, unless told otherwise', () => {
    expect(chooseRenderer('auto', CANVAS_THRESHOLD)).toBe('svg');
    expect(chooseRenderer(undefined, CANVAS_THRESHOLD + 1)).toBe('canvas');
    expect(chooseRenderer('svg', 50_000)).toBe('svg');
    expect(chooseRenderer('canvas', 10)).toBe('canvas');
  });

  it('counts points across all series', () => {
    expect(
      pointCount([
        { id: 'a', points: [[0, 1]] },
        {
          id: 'b',
          points: [
            [0, 1],
            [1, 2],
          ],
        },
      ]),
    ).toBe(3);
  });

  it('labels ticks by the span shown: hours, days, then months', () => {
    const span = (ms: number) =>
      timeTickFormat([
        {
          id: 'a',
          points: [
            [0, 1],
            [ms, 2],
          ],
        },
      ]);
    expect(span(24 * HOUR)).toBe('%H:%M');
    expect(span(30 * 24 * HOUR)).toBe('%b %d');
    expect(span(800 * 24 * HOUR)).toBe('%b %Y');
  });
});
