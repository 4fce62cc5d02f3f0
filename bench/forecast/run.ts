/**
 * npm run bench:forecast — what a forecast costs and how good it is: 100 data
 * points, each with a year (8,760 hours) of hourly readings and its site's
 * outdoor temperature. The last week of each year is held back: the 51 weeks
 * before it are the history, its 168 hours the horizon (with the outdoor
 * temperatures it had, as the product gives them once the week has passed),
 * and the forecast is scored against its readings (CV(RMSE) and NMBE,
 * ASHRAE Guideline 14, p = 1 as on the product's own backtest).
 *
 * The data is the demo's (server/demo/readings/series.ts: offices and a lab
 * with occupancy by local time and holidays, and heating and cooling driven
 * by the weather the site's station reads, with the demo's outages as gaps):
 * its 19 consumption points (electricity main, demand and sub-meters, gas
 * and water of the three sites), each under several seeds (other weather,
 * day levels and noise) and over years ending 87 hours apart through 2025,
 * so the evaluation weeks fall in every season, holidays among them. Readings
 * are made hourly as the explorer's rollups would: a meter's use summed
 * (a register's by its steps, through rollovers and the meter exchange), an
 * hour missing a quarter a gap; a rate or temperature averaged.
 *
 * In the same run, point by point:
 * - ours: fitInWorker(history, horizon), as the forecast endpoint calls it
 *   (the structured clone to the worker thread, the three models' backtests
 *   on the history's last week, the best refitted), one point at a time as
 *   the API serves them, after one fit to start the worker, not counted;
 * - the reference: the seasonal naive forecast (each hour as the same local
 *   hour of the week before), timed with its scoring.
 * Ratio: ours' median CV(RMSE) ÷ the reference's (lower is better); goal:
 * below 1, and under 1,000 ms per point-year.
 */

import { DEMO_PORTFOLIO, type DemoDataPoint, siteOf } from '../../server/demo/readings/portfolio.ts';
import { generateSeries, QUARTER_HOUR_MS } from '../../server/demo/readings/series.ts';
import { fitInWorker } from '../../server/forecast/fit-in-worker.ts';
import { hoursOfWeek } from '../../server/forecast/hour-of-week.ts';
import { accuracy } from '../../server/forecast/models/accuracy.ts';
import { seasonalNaiveForecast } from '../../server/forecast/models/seasonal-naive.ts';
import {
  type Accuracy,
  type History,
  HOURS_PER_WEEK,
  type Horizon,
  type ModelName,
} from '../../server/forecast/models/types.ts';
import { registerStep } from '../../server/readings/consumption.ts';
import { median, reportResult, round } from '../results-file.ts';

const POINTS = 100;
const HOURS = 8_760;
const HOUR = 3_600_000;
const Q = QUARTER_HOUR_MS;
/** The first year ends at the start of 2025; each next one this many hours later, the last in late December. */
const FIRST_END = Date.UTC(2025, 0, 1);
const END_STEP_HOURS = Math.floor(HOURS / POINTS);
const GOAL_MS = 1000;
const MODELS: readonly ModelName[] = ['seasonalNaive', 'towt', 'holtWinters'];

/** The demo's consumption points: the ones a forecast of use is asked for. */
const CONSUMPTION = DEMO_PORTFOLIO.dataPoints.filter((point) =>
  ['electricity', 'gas', 'water'].includes(point.intent),
);

interface Case {
  label: string;
  history: History;
  horizon: Horizon;
  /** The horizon's readings, null in a gap. */
  actual: (number | null)[];
}

interface Outcome {
  label: string;
  ms: number;
  model: ModelName;
  ours: Accuracy;
  referenceMs: number;
  reference: Accuracy;
}

/**
 * A point's readings over [from, to) as hours from `from`. Energy readings
 * stand for the quarter hour ending at their instant (series.ts), so they are
 * booked to the hour that quarter starts in; a temperature is a value at its
 * instant. A meter's hour with a quarter missing is a gap rather than a dip,
 * as a model would otherwise learn the outages as low use.
 */
function hourly(point: DemoDataPoint, seed: number, from: number, to: number): (number | null)[] {
  const hours = (to - from) / HOUR;
  const sums = new Float64Array(hours);
  const counts = new Uint8Array(hours);
  const energy = point.intent !== 'outdoorTemperature';
  const cumulative = point.kind === 'cumulative';
  let previous: { ts: number; value: number } | undefined;
  // One quarter past `to`: the reading that closes the last quarter hour of an energy point.
  for (const chunk of generateSeries(point, siteOf(point), { from, to: to + Q, seed })) {
    for (let index = 0; index < chunk.ts.length; index++) {
      const ts = chunk.ts[index] as number;
      const value = chunk.values[index] as number;
      let quantity: number | undefined = value;
      if (cumulative) {
        // A step across a gap holds the whole gap's use, which no single quarter hour had.
        quantity =
          previous && ts - previous.ts === Q
            ? registerStep(previous.value, value, point.registerMax ?? null).used
            : undefined;
        previous = { ts, value };
      }
      if (quantity === undefined) continue;
      const hour = Math.floor((ts - (energy ? Q : 0) - from) / HOUR);
      if (hour < 0 || hour >= hours) continue;
      sums[hour] = (sums[hour] as number) + quantity;
      counts[hour] = (counts[hour] as number) + 1;
    }
  }
  const summed = energy && point.kind !== 'instantaneous';
  return Array.from(sums, (sum, hour) => {
    const count = counts[hour] as number;
    if (summed) return count === 4 ? sum : null;
    return count > 0 ? sum / count : null;
  });
}

/** Case `index`: a consumption point, a seed and a year ending at its own hour, cut into history and horizon. */
function makeCase(index: number): Case {
  const point = CONSUMPTION[index % CONSUMPTION.length] as DemoDataPoint;
  const seed = 1 + Math.floor(index / CONSUMPTION.length);
  const site = siteOf(point);
  const thermometer = DEMO_PORTFOLIO.dataPoints.find(
    (candidate) => candidate.intent === 'outdoorTemperature' && siteOf(candidate) === site,
  );
  if (!thermometer) throw new Error(`site ${site.key} has no outdoor temperature`);
  const to = FIRST_END + index * END_STEP_HOURS * HOUR;
  const from = to - HOURS * HOUR;
  const t = Array.from({ length: HOURS }, (_, hour) => from + hour * HOUR);
  const y = hourly(point, seed, from, to);
  const temperature = hourly(thermometer, seed, from, to);
  const hourOfWeek = hoursOfWeek(t, site.timeZone ?? 'UTC');
  const cut = HOURS - HOURS_PER_WEEK;
  return {
    label: `${point.key} seed ${seed}, week to ${new Date(to).toISOString().slice(0, 13)}h`,
    history: {
      t: t.slice(0, cut),
      y: y.slice(0, cut),
      hourOfWeek: hourOfWeek.slice(0, cut),
      temperature: temperature.slice(0, cut),
    },
    horizon: { t: t.slice(cut), hourOfWeek: hourOfWeek.slice(cut), temperature: temperature.slice(cut) },
    actual: y.slice(cut),
  };
}

async function measure(item: Case): Promise<Outcome> {
  const start = performance.now();
  const choice = await fitInWorker(item.history, item.horizon);
  const ms = performance.now() - start;
  const referenceStart = performance.now();
  const reference = accuracy(item.actual, seasonalNaiveForecast(item.history, item.horizon));
  const referenceMs = performance.now() - referenceStart;
  return {
    label: item.label,
    ms,
    model: choice.model,
    ours: accuracy(item.actual, choice.forecast),
    referenceMs,
    reference,
  };
}

/** Nearest rank: the smallest value with at least `share` of the values at or below it. */
function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)] as number;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const meetsShare = (scores: Accuracy[]) =>
  scores.filter((score) => score.meetsGuideline14).length / scores.length;
const percent = (value: number) => `${round(value, 1)} %`;

async function main(): Promise<void> {
  const made = performance.now();
  const cases = Array.from({ length: POINTS }, (_, index) => makeCase(index));
  console.log(
    `${POINTS} points × ${HOURS.toLocaleString('en-GB')} h generated in ${round((performance.now() - made) / 1000, 1)} s`,
  );

  // Starting the worker (its thread, tsx and the models' modules) is paid once per process, not per point.
  const [first] = cases;
  if (!first) throw new Error('no cases');
  const warmUp = performance.now();
  await fitInWorker(first.history, first.horizon);
  console.log(`worker started with a first fit in ${round(performance.now() - warmUp, 0)} ms (not counted)`);

  const outcomes: Outcome[] = [];
  for (const [index, item] of cases.entries()) {
    const outcome = await measure(item);
    outcomes.push(outcome);
    console.log(
      `${index + 1}/${POINTS} ${outcome.label}: ${outcome.model} ${round(outcome.ms, 0)} ms, ` +
        `CV(RMSE) ${percent(outcome.ours.cvrmse)} NMBE ${percent(outcome.ours.nmbe)}; ` +
        `seasonal naive ${percent(outcome.reference.cvrmse)} NMBE ${percent(outcome.reference.nmbe)}`,
    );
  }

  const ms = outcomes.map((outcome) => outcome.ms);
  const ours = outcomes.map((outcome) => outcome.ours);
  const reference = outcomes.map((outcome) => outcome.reference);
  const cvrmse = ours.map((score) => score.cvrmse);
  const referenceCvrmse = reference.map((score) => score.cvrmse);
  const msMedian = median(ms);
  const msP95 = percentile(ms, 0.95);
  const ratio = median(cvrmse) / median(referenceCvrmse);
  const chosen = Object.fromEntries(
    MODELS.map((model) => [
      `chosen${model[0]?.toUpperCase()}${model.slice(1)}`,
      outcomes.filter((outcome) => outcome.model === model).length,
    ]),
  );
  // Where seasonal naive was chosen the two tie by construction: better and worse are counted apart.
  const better = outcomes.filter((outcome) => outcome.ours.cvrmse < outcome.reference.cvrmse).length;
  const losers = outcomes.filter((outcome) => outcome.ours.cvrmse > outcome.reference.cvrmse);
  if (losers.length > 0) {
    console.log(`${losers.length} of ${POINTS} points forecast worse than the seasonal naive reference:`);
    for (const loser of losers)
      console.log(
        `  ${loser.label}: ${loser.model} ${percent(loser.ours.cvrmse)} vs ${percent(loser.reference.cvrmse)}`,
      );
  }

  reportResult(
    {
      name: 'forecast',
      metrics: {
        points: POINTS,
        hoursPerPoint: HOURS,
        msPerPointMedian: round(msMedian, 1),
        msPerPointP95: round(msP95, 1),
        totalSeconds: round(ms.reduce((sum, value) => sum + value, 0) / 1000, 1),
        cvrmseMedian: round(median(cvrmse)),
        cvrmseMean: round(mean(cvrmse)),
        nmbeMedian: round(median(ours.map((score) => score.nmbe))),
        guideline14Share: round(meetsShare(ours)),
        pointsBetterThanReference: better,
        pointsWorseThanReference: losers.length,
        ...chosen,
      },
      reference: {
        msPerPointMedian: round(median(outcomes.map((outcome) => outcome.referenceMs)), 2),
        cvrmseMedian: round(median(referenceCvrmse)),
        cvrmseMean: round(mean(referenceCvrmse)),
        nmbeMedian: round(median(reference.map((score) => score.nmbe))),
        guideline14Share: round(meetsShare(reference)),
      },
      ratio: round(ratio),
      goal: `ratio < 1 (the chosen model beats the same hour last week on the unseen week) and under ${GOAL_MS.toLocaleString('en-GB')} ms per point-year`,
      goalMet: ratio < 1 && msMedian < GOAL_MS,
    },
    `forecast: ${POINTS} points × ${HOURS.toLocaleString('en-GB')} h, ${round(msMedian, 0)} ms/point (p95 ${round(msP95, 0)}), ` +
      `CV(RMSE) median ${percent(median(cvrmse))} vs seasonal naive ${percent(median(referenceCvrmse))}, ratio ${round(ratio)}`,
    `ratio < 1 and < ${GOAL_MS.toLocaleString('en-GB')} ms/point`,
  );
}

main().catch((error: Error) => {
  console.error(error);
  process.exit(1);
});
