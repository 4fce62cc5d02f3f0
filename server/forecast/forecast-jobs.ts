import type { Database } from '../db/database';
import { defineJob } from '../jobs/job';
import { refitDueModels } from './kept-models';

/**
 * Refits the kept forecast models that are due, every hour and when one is
 * kept: each learns from the weeks up to its point's last midnight, so its
 * forecast covers the week ahead. Runs waiting to start join.
 */
export function refitForecastModelsJob(db: Database) {
  return defineJob({
    name: 'refit-forecast-models',
    schedule: { everySeconds: 3600 },
    coalesce: true,
    retry: { limit: 3, delaySeconds: 30, backoff: true },
    timeoutSeconds: 900,
    async run(_data, { log }) {
      const { failed } = await refitDueModels(db, Date.now());
      if (failed > 0) log(`${failed} forecast model(s) could not be refitted; each says why`);
    },
  });
}
