import { defineHandler } from '../../http/define-handler';
import { addLabel } from '../add-label';

/** Labels a span of one of the organisation's data points. */
export default defineHandler(
  'dataExplorerLabelCreate',
  async ({ context, organisationId, caller, input }) => ({
    label: await addLabel(context.db, organisationId, caller.userId, input),
  }),
);
