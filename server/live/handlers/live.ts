import { defineHandler } from '../../http/define-handler';
import { requireOwnDataPoints } from '../../saved-views/own-points';

/** A screen's live stream: its points' readings as they are written, and its notifications' changes. */
export default defineHandler('live', async ({ context, organisationId, input, signal }) => {
  // Refused before the stream opens: another organisation's point is no point at all (404).
  await requireOwnDataPoints(context.db, organisationId, input.dataPointIds);
  return context.live.open({ organisationId }, input.dataPointIds, signal);
});
