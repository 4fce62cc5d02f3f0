import { defineHandler } from '../../http/define-handler';
import { decideRegisterStep } from '../decide-step';

/** How a suspicious register step is booked: accepted, spread over its gap, or excluded. */
export default defineHandler('registerStepDecide', async ({ context, organisationId, caller, input }) => ({
  step: await decideRegisterStep(context.db, organisationId, caller.userId, input),
}));
