import { defineHandler } from '../../http/define-handler';
import { listChannels } from '../channels';

/** The organisation's webhooks, each with how many of its deliveries are failing. */
export default defineHandler('channel', async ({ context, organisationId }) => ({
  channels: await listChannels(context.db, organisationId),
}));
