import type { Outcome } from '../api/load.ts';
import { type BenchResult, round } from '../results-file.ts';
import type { LoadedEndpoint } from './bare-routes.ts';
import type { DemoEstate } from './demo-estate.ts';
import { ENDPOINTS, type RoutePair } from './loads.ts';
import type { LoadSettings } from './settings.ts';

export const P99_GOAL_MS = 250;
export const GOAL_RATIO = 0.8;

export type LoadFigures = Record<LoadedEndpoint, RoutePair<Outcome>>;

/** Requests that got no 2xx answer: non-2xx answers, and errors (timeouts among them). */
export const failedRequests = (outcome: Outcome): number => outcome.non2xx + outcome.errors;

/** Every failed request of the run, either side: none, or why the run fails. */
export function failuresOf(figures: LoadFigures): string[] {
  return ENDPOINTS.flatMap((endpoint) =>
    (['ours', 'bare'] as const)
      .map((side) => ({ side, outcome: figures[endpoint][side] }))
      .filter(({ outcome }) => failedRequests(outcome) > 0)
      .map(
        ({ side, outcome }) =>
          `${endpoint} (${side === 'ours' ? 'API' : 'bare route'}): ${outcome.non2xx} non-2xx answers, ${outcome.errors} errors, ${outcome.timeouts} of them timeouts`,
      ),
  );
}

/** bench/results/load.json: each route's figures, the ratios, and whether the goal is met. */
export function loadResult(figures: LoadFigures, settings: LoadSettings, estate: DemoEstate): BenchResult {
  const metrics: Record<string, number> = {
    connections: settings.connections,
    seconds: settings.seconds,
    demoDays: settings.demoDays,
    dataPoints: estate.dataPoints,
    readings: estate.readings,
  };
  const reference: Record<string, number> = {};
  for (const endpoint of ENDPOINTS) {
    const { ours, bare } = figures[endpoint];
    Object.assign(metrics, figuresOf(endpoint, ours), { [`${endpoint}Ratio`]: ratioOf(ours, bare) });
    Object.assign(reference, figuresOf(endpoint, bare));
  }
  const ratio = Math.min(
    ...ENDPOINTS.map((endpoint) => ratioOf(figures[endpoint].ours, figures[endpoint].bare)),
  );
  const slowest = Math.max(...ENDPOINTS.map((endpoint) => figures[endpoint].ours.p99Ms));
  return {
    name: 'load',
    metrics,
    reference,
    ratio,
    goal: `p99 < ${P99_GOAL_MS} ms and ≥ ${GOAL_RATIO}× the bare route's throughput`,
    goalMet: slowest < P99_GOAL_MS && ratio >= GOAL_RATIO && failuresOf(figures).length === 0,
  };
}

/** The run's last line, before the goal: each endpoint against its bare route, and what failed. */
export function loadSummary(figures: LoadFigures, settings: LoadSettings, ratio: number): string {
  const routes = ENDPOINTS.map((endpoint) => {
    const { ours, bare } = figures[endpoint];
    return `${endpoint} ${ours.requestsPerSecond} req/s p99 ${ours.p99Ms} ms vs bare ${bare.requestsPerSecond} req/s p99 ${bare.p99Ms} ms`;
  });
  const outcomes = ENDPOINTS.flatMap((endpoint) => [figures[endpoint].ours, figures[endpoint].bare]);
  const total = (count: (outcome: Outcome) => number) =>
    outcomes.reduce((sum, outcome) => sum + count(outcome), 0);
  return (
    `bench:load ${settings.connections} connections × ${settings.seconds} s on PostgreSQL: ${routes.join('; ')}; ` +
    `worst ratio ${ratio}; ${total((outcome) => outcome.non2xx)} non-2xx, ${total((outcome) => outcome.errors)} errors, ${total((outcome) => outcome.timeouts)} timeouts`
  );
}

function figuresOf(endpoint: LoadedEndpoint, outcome: Outcome): Record<string, number> {
  return {
    [`${endpoint}RequestsPerSecond`]: outcome.requestsPerSecond,
    [`${endpoint}P99Ms`]: outcome.p99Ms,
    [`${endpoint}Non2xx`]: outcome.non2xx,
    [`${endpoint}Errors`]: outcome.errors,
    [`${endpoint}Timeouts`]: outcome.timeouts,
  };
}

function ratioOf(ours: Outcome, bare: Outcome): number {
  return round(ours.requestsPerSecond / bare.requestsPerSecond, 3);
}
