import type { FastifyInstance } from 'fastify';
import type { LayoutIssue } from '../../../src/engine/validation/issue';
import type { PushReadingsRequest } from '../../../src/generated/api-types';
import type { ApiContext } from '../../http/api-context';
import { invalidBody } from '../../http/api-error';
import { endpointSchema } from '../../http/api-schema';
import { writeReadings } from '../../readings/write-readings';
import { checkReadings } from './check-readings';
import { pushTargets } from './push-targets';

/** 50 000 readings with long point names and offsets come to about 6 MB. */
const PUSH_BODY_LIMIT = 10 * 1024 * 1024;
/** Enough problems to fix a client; the rest are the same mistakes again. */
const LISTED_PROBLEMS = 100;

/**
 * POST /api/readings: a meter, gateway or script pushes readings with an API
 * key (checked before this runs, see api-routes.ts). All or nothing: one bad
 * reading and none are stored, so a client can simply resend the corrected batch.
 */
export async function restPushRoutes(app: FastifyInstance, { db }: ApiContext): Promise<void> {
  app.post<{ Body: PushReadingsRequest }>(
    '/readings',
    {
      schema: endpointSchema('pushReadings'),
      bodyLimit: PUSH_BODY_LIMIT,
      config: { tooLarge: 'Send at most 50 000 readings (10 MB) per request; split the batch.' },
    },
    async (request) => {
      const { organisationId } = request.apiKey;
      const { readings } = request.body;
      const targets = await pushTargets(db, organisationId, readings);
      const { issues, batches } = checkReadings(readings, targets, Date.now());
      if (issues.length > 0) throw invalidBody(listed(issues));
      const written = await db.transaction().execute(async (trx) => {
        const counts: number[] = [];
        for (const { point, series } of batches)
          counts.push((await writeReadings(trx, point, series)).written);
        // A point that was filled by hand is now fed over REST; points fed another way keep their source.
        await trx
          .updateTable('data_points')
          .set({ source: 'rest', updated_at: new Date() })
          .where(
            'id',
            'in',
            batches.map(({ point }) => point.id),
          )
          .where('source', '=', 'manual')
          .execute();
        return counts;
      });
      return {
        accepted: written.reduce((sum, count) => sum + count, 0),
        dataPoints: batches.map(({ point }, index) => ({
          id: point.id,
          name: point.name,
          accepted: written[index] ?? 0,
        })),
      };
    },
  );
}

function listed(issues: LayoutIssue[]): LayoutIssue[] {
  if (issues.length <= LISTED_PROBLEMS) return issues;
  return [
    ...issues.slice(0, LISTED_PROBLEMS),
    { pointer: '/readings', message: `and ${issues.length - LISTED_PROBLEMS} more problems like these` },
  ];
}
