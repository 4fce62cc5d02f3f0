import { defineHandler } from '../../http/define-handler';
import { requireSelf } from '../own-profile';
import { profileOf } from '../queries';

/** The caller's profile, as a list of one row (spec §3, §7). */
export default defineHandler('getProfile', async ({ context, caller, input }) => {
  requireSelf(caller, input.user_id);
  const profile = await profileOf(context.db, caller.userId);
  return [
    {
      user_name: caller.email,
      display_name: profile?.display_name ?? caller.name,
      phone_number: profile?.phone_number ?? null,
      timezone: profile?.time_zone ?? null,
      image: profile?.image_key ?? null,
    },
  ];
});
