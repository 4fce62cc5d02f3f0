import { defineHandler } from '../../http/define-handler';
import { loadPlaces } from '../places';
import { portfolioSummary } from '../portfolio';

/** The portfolio at a glance: counts of sites, places and data points. */
export default defineHandler('project', async ({ context, organisationId }) =>
  portfolioSummary(await loadPlaces(context.db, organisationId)),
);
