import { describe, expect, it } from 'vitest';
import { drawColumns, nearestPoint, valueExtent } from './canvas-columns';
import type { PanelSeries } from './panels';

const serie = (key: string, t: number[], v: (number | null)[], previous = false): PanelSeries => ({
  key,
  dataPointId: Number.parseInt(key, 10),
  name: `Meter ${key}`,
  unit: 'kWh',
  color: '#123456',
  previous,
  points: { t, v, reduced: false, step: 1 },
});

// A plot 100 px wide for t 0..10 and 100 px high for values 0..10 (y grows downwards).
const scales = { x: (t: number) => t * 10, y: (v: number) => 100 - v * 10, xInvert: (x: number) => x / 10 };

describe('canvas lines from columns', () => {
  it('span the values of every series, and still draw a flat or empty one', () => {
    expect(valueExtent([serie('1', [0, 1], [3, null]), serie('2', [0, 1], [-2, 7])])).toEqual({
      min: -2,
      max: 7,
    });
    expect(valueExtent([serie('1', [0], [5])])).toEqual({ min: 4, max: 6 });
    expect(valueExtent([serie('1', [0, 1], [null, null])])).toEqual({ min: 0, max: 1 });
  });

  it('break the line at a gap instead of bridging it, and dash the previous period', () => {
    const calls: string[] = [];
    const context = {
      save: () => calls.push('save'),
      restore: () => calls.push('restore'),
      beginPath: () => calls.push('begin'),
      stroke: () => calls.push('stroke'),
      moveTo: (x: number, y: number) => calls.push(`move ${x},${y}`),
      lineTo: (x: number, y: number) => calls.push(`line ${x},${y}`),
      setLineDash: (dash: number[]) => calls.push(`dash ${dash.join(' ')}`),
    } as unknown as CanvasRenderingContext2D;
    drawColumns(
      context,
      [serie('1', [0, 1, 2, 3, 4], [1, 2, null, 4, 5]), serie('1:p', [0], [1], true)],
      scales,
    );
    expect(calls).toEqual([
      'save',
      'dash ',
      'begin',
      'move 0,90',
      'line 10,80',
      'move 30,60',
      'line 40,50',
      'stroke',
      'restore',
      'save',
      'dash 6 4',
      'begin',
      'move 0,90',
      'stroke',
      'restore',
    ]);
  });

  it('find the drawn point nearest the pointer across series, skipping gaps', () => {
    const low = serie('1', [0, 1, 2, 3, 4, 5], [1, 1, null, null, 1, 1]);
    const high = serie('2', [0, 1, 2, 3, 4, 5], [9, 9, 9, 9, 9, 9]);
    // At t = 2.4 near the bottom: series 1 has a gap there, its nearest drawn points are t 1 and t 4.
    expect(nearestPoint([low, high], scales, 24, 95)).toEqual({ serie: low, index: 1 });
    // Near the top the other series is closer.
    expect(nearestPoint([low, high], scales, 24, 15)).toEqual({ serie: high, index: 2 });
    expect(nearestPoint([serie('3', [], [])], scales, 10, 10)).toBeUndefined();
  });
});
