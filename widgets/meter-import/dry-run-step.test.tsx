import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GetDataImportResponse } from '../../src/generated/api-types';
import { renderInApp } from '../../tests/render';
import { DryRunStep } from './dry-run-step';

type PreviewRow = GetDataImportResponse['preview'][number];
type PointSpan = GetDataImportResponse['dataPoints'][number];

const row = (changes: Partial<PreviewRow>): PreviewRow => ({
  row: 2,
  dataPointId: 7,
  dataPointName: 'Main meter',
  ts: '2025-07-01T12:00:00.000Z',
  value: 1,
  decimals: 0,
  unit: 'kWh',
  estimated: false,
  ...changes,
});

const span = (changes: Partial<PointSpan>): PointSpan => ({
  id: 7,
  name: 'Main meter',
  rows: 3,
  from: '2025-07-01T12:00:00.000Z',
  to: '2025-07-01T12:30:00.000Z',
  timeZone: 'America/New_York',
  ...changes,
});

const DRY_RUN: GetDataImportResponse = {
  rowsTotal: 3,
  rowsValid: 3,
  preview: [
    row({ value: 1.5, decimals: 3 }),
    row({ row: 3, ts: '2025-07-01T12:15:00.000Z', value: 1234.5678, decimals: 4 }),
    row({ row: 4, ts: '2025-07-01T12:30:00.000Z', value: 1500, decimals: 0 }),
  ],
  dataPoints: [span({})],
  problems: [],
  problemsTotal: 0,
};

const show = (result: GetDataImportResponse) =>
  renderInApp(<DryRunStep result={result} onBack={() => {}} onNext={() => {}} />);

/** The preview's cells, row by row, as text. */
const previewCells = () =>
  screen.getAllByTestId('preview-row').map((tableRow) =>
    within(tableRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent),
  );

describe('the dry run step', () => {
  it('shows each value with the decimals the file gave it, not rounded to two', () => {
    show(DRY_RUN);
    expect(previewCells().map((cells) => cells[4])).toEqual(['1.500 kWh', '1,234.5678 kWh', '1,500 kWh']);
  });

  it('shows times in the data point’s own zone, and names the zone in the header', () => {
    show(DRY_RUN);
    expect(screen.getByRole('columnheader', { name: 'Local time (America/New_York)' })).toBeTruthy();
    // 12:00 UTC in July is 08:00 in New York, whatever the zone of the browser or of the file
    // (the offset is written with a minus sign, U+2212, as Intl writes it).
    expect(previewCells()[0]?.slice(2, 4)).toEqual(['2025-07-01 08:00:00 GMT−4', '2025-07-01 12:00:00 UTC']);
    const perPoint = screen.getByRole('row', { name: /^Main meter 3/ });
    expect(
      within(perPoint)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Main meter',
      '3',
      '2025-07-01 08:00:00 GMT−4',
      '2025-07-01 08:30:00 GMT−4',
      'America/New_York',
    ]);
  });

  it('names each row’s zone beside its time when the previewed data points are in different zones', () => {
    show({
      ...DRY_RUN,
      preview: [row({}), row({ row: 3, dataPointId: 8, dataPointName: 'Tokyo meter' })],
      dataPoints: [span({}), span({ id: 8, name: 'Tokyo meter', timeZone: 'Asia/Tokyo' })],
    });
    expect(screen.getByRole('columnheader', { name: "Local time (each data point's zone)" })).toBeTruthy();
    expect(previewCells().map((cells) => cells[2])).toEqual([
      '2025-07-01 08:00:00 GMT−4America/New_York',
      '2025-07-01 21:00:00 GMT+9Asia/Tokyo',
    ]);
  });

  it('lists the rows that repeat an earlier row’s time, with what the server says of them', () => {
    const message =
      '1 row repeats an instant given earlier in this file for the same data point; the last value in the file for each instant will be kept.';
    show({
      ...DRY_RUN,
      repeatedInstants: { count: 1, kept: 'last', first: [{ row: 4, sameInstantAs: 2 }], message },
    });
    expect(screen.getByText('Times given more than once')).toBeTruthy();
    expect(screen.getByText(message)).toBeTruthy();
    const [repeated] = screen.getAllByTestId('repeated-row');
    expect(
      within(repeated as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['4', '2']);
  });

  it('says nothing of repeats when no row repeats a time', () => {
    show(DRY_RUN);
    expect(screen.queryByText('Times given more than once')).toBeNull();
    expect(screen.queryAllByTestId('repeated-row')).toEqual([]);
  });
});
