import type { FastifyInstance } from 'fastify';
import type { LayoutIssue } from '../../../../src/engine/validation/issue';
import type { PushReadingsRequest } from '../../../../src/generated/api-types';
import { invalidBody } from '../../../http/api-error';
import { defineHandler } from '../../../http/define-handler';
import { guardedJsonParser } from '../../../http/json-body';
import { checkReadings } from '../check-readings';
import { pushTargets } from '../push-targets';
import { ReadBody, readingColumns, readReadingsBody } from '../readings-body';
import { writePushedReadings } from '../write-pushed-readings';

/** Enough problems to fix a client; the rest are the same mistakes again. */
const LISTED_PROBLEMS = 100;

/**
 * POST /api/readings: a meter, gateway or script pushes readings with an API
 * key (checked before the body is read). All or nothing: one bad reading and
 * none are stored, so a client can simply resend the corrected batch.
 */
export default defineHandler(
  'pushReadings',
  async ({ context, apiKey, input }) => {
    const body = input as PushReadingsRequest | ReadBody;
    const readings = body instanceof ReadBody ? body.columns : readingColumns(body.readings);
    const targets = await pushTargets(context.db, apiKey.organisationId, readings.dataPoint);
    const { issues, batches } = checkReadings(readings, targets, Date.now());
    if (issues.length > 0) throw invalidBody(listed(issues));
    return writePushedReadings(context.db, batches);
  },
  { setup: readBodiesStraightIntoColumns, bodyValidator: passingReadBodies },
);

/**
 * The body clients send is read straight into columns (readings-body.ts); any
 * other goes through JSON.parse and the schema as every endpoint's does.
 */
function readBodiesStraightIntoColumns(scope: FastifyInstance): void {
  // Bodies the fast reader leaves go through the same guard as every JSON body of the API.
  const parseJson = guardedJsonParser(scope);
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body: Buffer, done) => {
    let columns: ReadBody['columns'] | undefined;
    try {
      columns = readReadingsBody(body);
    } catch (error) {
      // A fault of the fast reader must not cost the client its push: the usual path reads the body.
      request.log.error({ err: error }, 'the REST body reader failed; reading the body as JSON');
    }
    if (columns) done(null, new ReadBody(columns));
    else parseJson(request, body.toString('utf8'), done);
  });
}

/** The schema's validator for any body but a ReadBody, which readReadingsBody only makes of bodies the schema accepts. */
function passingReadBodies(validate: (data: unknown) => boolean) {
  return (data: unknown) => data instanceof ReadBody || validate(data);
}

function listed(issues: LayoutIssue[]): LayoutIssue[] {
  if (issues.length <= LISTED_PROBLEMS) return issues;
  return [
    ...issues.slice(0, LISTED_PROBLEMS),
    { pointer: '/readings', message: `and ${issues.length - LISTED_PROBLEMS} more problems like these` },
  ];
}
