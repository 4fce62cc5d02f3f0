import { defineHandler } from '../../http/define-handler';
import { siteBenchmarks } from '../site-benchmarks';

/** The organisation's sites ranked by one utility's consumption per m² or per degree day, for anyone in it. */
export default defineHandler('benchmarking', async ({ context, organisationId, input }) =>
  siteBenchmarks(context.db, organisationId, input),
);
