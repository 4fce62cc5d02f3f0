import { useAtomValue } from 'jotai';
import { sessionAtom } from './session-atoms';

/**
 * Spec §4: a signed-in person who has not created or joined an organisation
 * is sent to /organisation. Until they have one, these pages (and the profile
 * and logout, which are not pages) are all they can open: everything else
 * reads an organisation's data, which the server refuses them.
 */
export const OPEN_WITHOUT_ORGANISATION: readonly string[] = ['/organisation', '/billing'];

/** Whether a page at this path works for a person without an organisation. */
export function isOpenWithoutOrganisation(path: string): boolean {
  return OPEN_WITHOUT_ORGANISATION.some((open) => path === open || path.startsWith(`${open}/`));
}

/** Whether the signed-in person has yet to create or join an organisation. */
export function useWithoutOrganisation(): boolean {
  const session = useAtomValue(sessionAtom);
  return session.status === 'authorised' && session.user.organisationId === null;
}
