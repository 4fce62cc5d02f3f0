import Ajv from 'ajv';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import type { LayoutIssue } from '../../../src/engine/validation/issue';
import type { PushReadingsRequest } from '../../../src/generated/api-types';
import type { ApiContext } from '../../http/api-context';
import { invalidBody } from '../../http/api-error';
import { endpointSchema } from '../../http/api-schema';
import { API_VALIDATION } from '../../http/validation';
import { writeReadings } from '../../readings/write-readings';
import { checkReadings } from './check-readings';
import { pushTargets } from './push-targets';
import { type ReadingColumns, readingColumns, readReadingsBody } from './readings-body';

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
  // The body clients send is read straight into columns (readings-body.ts); any other goes through JSON.parse and
  // the schema as every endpoint's does. This parser and validator serve this plugin's one route only.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: PUSH_BODY_LIMIT },
    (request, body: Buffer, done) => {
      let columns: ReadingColumns | undefined;
      try {
        columns = readReadingsBody(body);
      } catch (error) {
        // A fault of the fast reader must not cost the client its push: the usual path reads the body.
        request.log.error({ err: error }, 'the REST body reader failed; reading the body as JSON');
      }
      if (columns) done(null, new ReadBody(columns));
      else parseJson(request, body.toString('utf8'), done);
    },
  );
  app.post<{ Body: PushReadingsRequest | ReadBody }>(
    '/readings',
    {
      schema: endpointSchema('pushReadings'),
      validatorCompiler: passingReadBodies,
      bodyLimit: PUSH_BODY_LIMIT,
      config: { tooLarge: 'Send at most 50 000 readings (10 MB) per request; split the batch.' },
    },
    async (request) => {
      const { organisationId } = request.apiKey;
      const { body } = request;
      const readings = body instanceof ReadBody ? body.columns : readingColumns(body.readings);
      const targets = await pushTargets(db, organisationId, readings.dataPoint);
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

/** A body readReadingsBody read: it only does so for bodies the schema accepts. */
class ReadBody {
  constructor(readonly columns: ReadingColumns) {}
}

/** The schema's validator, with the app's options, for any body but a ReadBody, which needs none. */
const passingReadBodies: FastifySchemaCompiler<object> = ({ schema }) => {
  const validate = new Ajv(API_VALIDATION.customOptions).compile(schema);
  const check = (data: unknown) => {
    if (data instanceof ReadBody) return true;
    const valid = validate(data);
    check.errors = validate.errors;
    return valid;
  };
  check.errors = validate.errors;
  return check;
};

function listed(issues: LayoutIssue[]): LayoutIssue[] {
  if (issues.length <= LISTED_PROBLEMS) return issues;
  return [
    ...issues.slice(0, LISTED_PROBLEMS),
    { pointer: '/readings', message: `and ${issues.length - LISTED_PROBLEMS} more problems like these` },
  ];
}
