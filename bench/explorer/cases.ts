import { writeAddress } from '../../widgets/data-explorer/view.ts';
import { QUARTER_HOUR, READINGS_PER_POINT, START } from '../ingest/series.ts';

/** What a case asks the explorer for: how many of the loaded points, over which period, at which resolution. */
export interface ExplorerCase {
  id: 'a' | 'b' | 'c';
  label: string;
  /** The first `points` loaded data points (a mix of the three kinds, as the ingestion benchmark makes them). */
  points: number;
  from: number;
  to: number;
  resolution: '15min' | 'day';
}

/** The end of the ingestion benchmark's data: two years of quarter hours after START. */
export const DATA_END = START + READINGS_PER_POINT * QUARTER_HOUR;

/**
 * The three cases. --scale shrinks the number of points of each case
 * (never below one) and keeps the periods, so a small run still reads two
 * years of quarter hours and whole London days across a clock change.
 */
export function explorerCases(scale: number): ExplorerCase[] {
  const count = (points: number) => Math.max(1, Math.round(points * scale));
  return [
    { id: 'a', label: '1 point, 2 years, 15 min', points: 1, from: START, to: DATA_END, resolution: '15min' },
    {
      id: 'b',
      label: `${count(50)} points, 1 year, daily`,
      points: count(50),
      // The data's last 365 days; London is on GMT in January, so UTC midnight is local midnight.
      from: Date.UTC(2024, 0, 1),
      to: DATA_END,
      resolution: 'day',
    },
    {
      id: 'c',
      label: `${count(200)} points, 1 month, daily`,
      points: count(200),
      // June 2024 in London (BST): its local midnights are 23:00 UTC.
      from: Date.UTC(2024, 4, 31, 23),
      to: Date.UTC(2024, 5, 30, 23),
      resolution: 'day',
    },
  ];
}

/** The page of a case: the explorer with the view in its address, as a bookmark or a shared link opens it. */
export function explorerUrl(baseUrl: string, explorerCase: ExplorerCase, pointIds: number[]): string {
  const params = writeAddress({
    view: {
      dataPointIds: pointIds.slice(0, explorerCase.points),
      range: 'custom',
      from: new Date(explorerCase.from).toISOString(),
      to: new Date(explorerCase.to).toISOString(),
      resolution: explorerCase.resolution,
    },
    savedId: null,
    zoomBase: null,
  });
  return `${baseUrl}/data/explorer?${params.toString()}`;
}
