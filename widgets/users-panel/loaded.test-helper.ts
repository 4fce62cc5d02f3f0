import { responseExamples } from '../../src/generated/api-examples';
import { expectTexts } from '../shared/gallery-checks.test-helper';

/** Each member by name and e-mail, and each pending invitation's address. */
export function expectLoaded(slot: HTMLElement): void {
  const { users, invitations } = responseExamples.getUsers[0];
  expectTexts(slot, [
    ...users.flatMap((user) => [user.name, user.email]),
    ...invitations.map((invitation) => invitation.email),
  ]);
}
