import { defineHandler } from '../../http/define-handler';
import { cloneTariff } from '../clone-tariff';

/** A tariff copied as a new one, or given a new version, by an editor or above. */
export default defineHandler('cloneTariff', async ({ context, organisationId, caller, input }) => ({
  tariff: await cloneTariff(context.db, { organisationId, userId: caller.userId }, input),
}));
