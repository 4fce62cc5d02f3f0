import { readConfig } from '../../server/config.ts';

/** What a run of bench:load loads, and with how much. */
export interface LoadSettings {
  /** Simultaneous connections to each route (BENCH_LOAD_CONNECTIONS, 50). */
  connections: number;
  /** Measured seconds per route (BENCH_LOAD_SECONDS, 30). */
  seconds: number;
  /** Seconds of load before each measured run, so JIT and connection set-up are not measured. */
  warmUpSeconds: number;
  /** Days of demo readings, as the server seeds them on a first start (DEMO_DAYS, 730). */
  demoDays: number;
}

/**
 * The issue's 50 connections × 30 s, over the demo the server makes on a first
 * start. The environment can shorten a run, to try it on a busy machine;
 * the figures to keep are the defaults'.
 */
export function readLoadSettings(env: NodeJS.ProcessEnv = process.env): LoadSettings {
  const seconds = positiveWhole(env, 'BENCH_LOAD_SECONDS', 30);
  return {
    connections: positiveWhole(env, 'BENCH_LOAD_CONNECTIONS', 50),
    seconds,
    warmUpSeconds: Math.min(3, seconds),
    demoDays: readConfig(env).demoDays,
  };
}

function positiveWhole(env: NodeJS.ProcessEnv, name: string, otherwise: number): number {
  const text = env[name];
  if (text === undefined || text.trim() === '') return otherwise;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number ≥ 1, not "${text}"`);
  return value;
}
