import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { responseExamples } from '../../src/generated/api-examples';
import type { ForecastResponse, KeptForecastModel } from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { explorerPoint } from '../shared/explorer-point.test-helper';
import ForecastWidget from './index';

afterEach(() => {
  resetSession();
  vi.useRealTimers();
  vi.clearAllMocks();
});

const DAY = 86_400_000;

const POINTS = [
  explorerPoint(5, 'Lighting board'),
  explorerPoint(9, 'Outdoor temperature (London)', {
    intent: 'outdoorTemperature',
    unit: '°C',
    kind: 'instantaneous',
  }),
  explorerPoint(1, 'Main incomer', { tags: ['fiscal', 'meter'] }),
];

const FORECAST = responseExamples.forecast[0] as ForecastResponse;

const KEPT = responseExamples.forecastModels[0].models[0] as KeptForecastModel;

describe('forecast', () => {
  it('keeps the model for the daily refits, then lists it, waiting for its fit and then up to date', async () => {
    let kept: KeptForecastModel[] = [];
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      answer('forecast', FORECAST),
      answer('forecastModels', () => ({ models: kept })),
      answer('forecastModelSave', (request) => {
        kept = [
          {
            ...KEPT,
            dataPointId: request.dataPointId,
            trainingWeeks: request.trainingWeeks,
            status: 'waiting',
            model: null,
            cvrmse: null,
            trainedTo: null,
          },
        ];
        return { model: kept[0] as KeptForecastModel };
      }),
    );
    signInToSession({ role: 'editor' });
    renderInApp(<ForecastWidget data={{}} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Keep this model, refitted daily' }));
    expect(await screen.findByText('Waiting for its fit')).toBeTruthy();
    expect(callsTo(calls, 'forecastModelSave')[0]?.request).toEqual({ dataPointId: 1, trainingWeeks: 8 });
    expect(screen.getByTestId('model-kept').textContent).toMatch(/^Kept: refitted every day/);
    // The job has fitted it: the list, asked again while one waits, shows its figures.
    kept = [{ ...KEPT, dataPointId: 1, trainingWeeks: 8 }];
    expect(await screen.findByText('Up to date', {}, { timeout: 4000 })).toBeTruthy();
    const row = screen.getByTestId('kept-model');
    expect(within(row).getByText('Time of week and temperature')).toBeTruthy();
    expect(within(row).getByText('4.2 %')).toBeTruthy();
  }, 12_000);

  it('forecasts the first main meter over the week just past, says which model won and why, and lists the readings it did not expect', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 30, 15, 20) });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      answer('forecast', FORECAST),
      answer('forecastModels', { models: [] }),
    );
    renderInApp(<ForecastWidget data={{ heading: 'Forecast' }} />);
    const choice = await screen.findByTestId('forecast-choice');
    expect(choice.textContent).toBe(
      'Model: Time of week and temperature. It had the lowest error in the backtest and beat the reference, the same hour last week (CV(RMSE) 11.2 % against 24.6 %). Outdoor temperature from “Outdoor temperature (London)”.',
    );
    const midnight = new Date(2026, 10, 30).getTime();
    expect(callsTo(calls, 'forecast')[0]?.request).toEqual({
      dataPointId: 1,
      trainFrom: new Date(midnight - 7 * DAY - 8 * 7 * DAY).toISOString(),
      trainTo: new Date(midnight - 7 * DAY).toISOString(),
      horizon: 'week',
      resolution: 'hour',
    });
    // A viewer reads the forecast; keeping a model is an editor's.
    expect(screen.queryByRole('button', { name: 'Keep this model, refitted daily' })).toBeNull();
    const rows = screen.getAllByTestId('forecast-candidate');
    expect(rows.map((row) => row.getAttribute('aria-current'))).toEqual([null, 'true', null]);
    expect(within(rows[1] as HTMLElement).getByText('Meets')).toBeTruthy();
    // The thermometer is an input, not something to forecast.
    const options = within(screen.getByLabelText('Data point')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Lighting board · London – Clerkenwell Office',
      'Main incomer · London – Clerkenwell Office',
    ]);
    const outside = screen.getByTestId('forecast-outside');
    expect(within(outside).getByText('1 of 2 readings outside the 90 % interval')).toBeTruthy();
    expect(within(outside).getByText(/27\.9 kWh, above the expected 18\.5 to 23\.2 kWh/)).toBeTruthy();
  });

  it('asks again for the days ahead, by day, learning up to today', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 30, 15, 20) });
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      answer('forecast', FORECAST),
      answer('forecastModels', { models: [] }),
    );
    renderInApp(<ForecastWidget data={{ trainingWeeks: 4 }} />);
    await screen.findByTestId('forecast-choice');
    fireEvent.change(screen.getByLabelText('Forecast'), { target: { value: 'ahead' } });
    fireEvent.change(screen.getByLabelText('Steps'), { target: { value: 'day' } });
    const midnight = new Date(2026, 10, 30).getTime();
    await waitFor(() =>
      expect(callsTo(calls, 'forecast').at(-1)?.request).toEqual({
        dataPointId: 1,
        trainFrom: new Date(midnight - 4 * 7 * DAY).toISOString(),
        trainTo: new Date(midnight).toISOString(),
        horizon: 'week',
        resolution: 'day',
      }),
    );
  });

  it("shows the server's reason when a point cannot be forecast yet", async () => {
    useApi(
      answer('getEntitesForDataExplorer', { dataPoints: POINTS, tags: [] }),
      failWith(
        'forecast',
        400,
        '"Main incomer" cannot be forecast from this training period: at least 3 weeks of hourly history are needed; the training period has 336 hours with readings',
      ),
      answer('forecastModels', { models: [] }),
    );
    renderInApp(<ForecastWidget data={{}} />);
    expect(await screen.findByText(/at least 3 weeks of hourly history are needed/)).toBeTruthy();
  });

  it('says so when the organisation has no data points yet', async () => {
    const calls = useApi(
      answer('getEntitesForDataExplorer', { dataPoints: [], tags: [] }),
      answer('forecastModels', { models: [] }),
    );
    renderInApp(<ForecastWidget data={{}} />);
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Your organisation has no data points yet: add one under Data Feeds, and its forecast shows here once it has three weeks of readings.',
    );
    expect(callsTo(calls, 'forecast')).toHaveLength(0);
  });
});
