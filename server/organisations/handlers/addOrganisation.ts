import { invalidBody } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { alreadyMember, createOrganisation } from '../queries';

/** The signed-in user, who has no organisation yet, creates one and becomes its admin. */
export default defineHandler('addOrganisation', async ({ context, caller, input }) => {
  if (caller.organisationId !== null) throw alreadyMember();
  const name = input.name.trim();
  if (name === '') throw invalidBody([{ pointer: '/name', message: 'must not be blank' }]);
  const created = await createOrganisation(context.db, caller.userId, name);
  // After the commit: a request racing the transaction must not cache the caller without the organisation.
  context.callers.forgetUser(caller.userId);
  return created;
});
