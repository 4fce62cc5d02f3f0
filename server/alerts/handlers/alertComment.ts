import { fieldError } from '../../http/api-error';
import { defineHandler } from '../../http/define-handler';
import { commentOnAlert } from '../alerts';

/** Adds the caller's comment to the alert's history. */
export default defineHandler('alertComment', async ({ context, organisationId, caller, input }) => {
  const text = input.text.trim();
  if (text === '') throw fieldError('/text', 'Write something in the comment.');
  return { alert: await commentOnAlert(context.db, organisationId, caller.userId, input.id, text) };
});
