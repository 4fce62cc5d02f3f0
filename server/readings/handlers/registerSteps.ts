import { defineHandler } from '../../http/define-handler';
import { listRegisterSteps } from '../register-steps';

/** Suspicious register steps: one data point's, or the organisation's still open. */
export default defineHandler('registerSteps', async ({ context, organisationId, input }) =>
  listRegisterSteps(context.db, organisationId, input),
);
