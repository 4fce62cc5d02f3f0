import { defineHandler } from '../../../http/define-handler';
import { checkVirtualFormula } from '../virtual-points';

/** What a formula would make, without saving it. */
export default defineHandler('virtualDatapointCheck', async ({ context, organisationId, input }) =>
  checkVirtualFormula(context.db, organisationId, input.formula, input.dataPointId),
);
