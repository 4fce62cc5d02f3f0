import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer } from '../../../tests/api/answers';
import { pointSearchOver } from '../../../tests/api/point-search';
import { callsTo, useApi } from '../../../tests/api/test-server';
import { renderInApp } from '../../../tests/render';
import { WidgetSlot } from '../../engine/render/widget-slot';
import type { ExplorerDataPoint } from '../../generated/api-types';
import type { Widget } from '../../generated/page-types';
import { dataValidatorModules } from '../../generated/widget-data-validators';
import { catalogue, catalogueWidget } from './widget-catalogue';

/** Choices that only make sense for one organisation: its points by name, the units and tags it uses. */
const ONE_ORGANISATIONS = ['dataPoints', 'dataPoint', 'unit', 'tags'];

/** Widgets that can name the organisation's points and tags (schemas/widgets/shared/point-selection.schema.json). */
const choosingPoints = catalogue.filter((widget) =>
  ['dataPoints', 'dataPoint', 'tags'].some((choice) => choice in (widget.props.properties as object)),
);

type DataValidator = ((data: unknown) => boolean) & { errors?: unknown[] | null };

describe('a widget added from the palette', () => {
  it("starts, when it reads the organisation's points, from choices of its own that name none of the demo's", () => {
    expect(choosingPoints.map((widget) => widget.name)).toEqual(
      expect.arrayContaining(['consumption-chart', 'kpi', 'top-consumers', 'usage-heatmap']),
    );
    for (const widget of choosingPoints) {
      expect(widget.props['x-initial'], `${widget.name} gives x-initial`).toBeDefined();
      expect(
        Object.keys(widget.initial).filter((choice) => ONE_ORGANISATIONS.includes(choice)),
        `${widget.name} starts naming the demo's data`,
      ).toEqual([]);
    }
  });

  it('starts with props its schema accepts, every widget', async () => {
    for (const widget of catalogue) {
      const load = dataValidatorModules[widget.name];
      if (!load) throw new Error(`no data validator for ${widget.name}`);
      const validateData = (await load()).validateData as DataValidator;
      expect(validateData(widget.initial), `${widget.name}: ${JSON.stringify(validateData.errors)}`).toBe(
        true,
      );
    }
  });

  it('draws a new chart once a person picks their own data point, which carries no tag', async () => {
    const mainMeter: ExplorerDataPoint = {
      id: 7,
      name: 'Main meter',
      unit: 'kWh',
      kind: 'cumulative',
      intent: 'electricity',
      virtual: false,
      formula: null,
      entityId: 3,
      path: ['Head Office', 'Building A'],
      tags: [],
      lastTs: null,
    };
    const day = 86_400_000;
    const today = Math.floor(Date.now() / day) * day;
    const calls = useApi(
      pointSearchOver([mainMeter]),
      answer('getChartDataByDate', {
        from: '',
        to: '',
        resolution: 'day',
        series: [
          {
            dataPointId: 7,
            name: 'Main meter',
            unit: 'kWh',
            kind: 'cumulative',
            virtual: false,
            aggregate: 'sum',
            timeZone: 'UTC',
            points: { t: [today - day, today], v: [410, 398], reduced: false, step: day },
            summary: { min: null, max: null, mean: null, total: null, coverage: 100, buckets: 2 },
          },
        ],
      }),
    );
    const chart = catalogueWidget('consumption-chart');
    const widget = {
      key: 'new',
      name: 'consumption-chart',
      data: { ...chart?.initial, dataPoints: ['Main meter'] },
    } as Widget;
    renderInApp(<WidgetSlot widget={widget} pointer="/rows/0/columns/0/widget" />);

    await waitFor(() => expect(callsTo(calls, 'getChartDataByDate')).toHaveLength(1));
    expect(callsTo(calls, 'getChartDataByDate')[0]?.request).toMatchObject({ dataPointIds: [7] });
    await screen.findByRole('img', { name: /^Bar chart of .*Main meter/ });
    expect(screen.queryByText(/No data point is named/)).toBeNull();
  });
});
