import { roleAllows } from '../../src/auth/roles';
import type { Role } from '../../src/generated/api-types';
import type { Database } from '../db/database';
import { ApiError, fieldError, notFound } from '../http/api-error';
import type { Caller } from '../http/authenticate';

/*
 * The rules for who may hold which role, in one place for changing a role,
 * removing a member and inviting one:
 * - nobody grants a role above their own (an admin cannot make owners);
 * - only an owner changes or removes an owner;
 * - an organisation keeps at least one owner.
 */

/** Refuses to grant a role above the caller's own, pointing at the field that asks for it. */
export function requireMayGrant(caller: Caller, role: Role, pointer: string): void {
  if (!roleAllows(caller.role, role)) {
    throw fieldError(
      pointer,
      `You are ${article(caller.role)} ${caller.role}; you cannot give the role ${role}.`,
    );
  }
}

/** Gives a member another role, all checks and the change in one transaction. */
export async function changeRole(
  db: Database,
  caller: Caller,
  organisationId: number,
  userId: string,
  role: Role,
): Promise<void> {
  requireMayGrant(caller, role, '/role');
  await db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, organisationId, userId);
    if (member.role === 'owner' && role !== 'owner')
      await requireOtherOwner(trx, caller, organisationId, member);
    else if (member.role === 'owner') requireOwner(caller, 'change the role of');
    await trx.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', userId).execute();
  });
}

/** Takes a member out of the organisation, an owner only by an owner and never the last. */
export async function removeMemberByRules(
  db: Database,
  caller: Caller,
  organisationId: number,
  userId: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const member = await lockedMember(trx, organisationId, userId);
    if (member.role === 'owner') await requireOtherOwner(trx, caller, organisationId, member, 'remove');
    await trx
      .updateTable('users')
      .set({ organisation_id: null, role: 'viewer', updated_at: new Date() })
      .where('id', '=', userId)
      .execute();
  });
}

/** The member and their role, locked until the change is done, or 404. */
async function lockedMember(db: Database, organisationId: number, userId: string) {
  const member = await db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('id', '=', userId)
    .where('organisation_id', '=', organisationId)
    .forUpdate()
    .executeTakeFirst();
  if (!member) throw notFound(`member ${userId}`);
  return member;
}

function requireOwner(caller: Caller, what: string): void {
  if (caller.role !== 'owner') throw new ApiError(403, `Only an owner can ${what} an owner.`);
}

/**
 * An owner may stop being one only while another stays. The owners are
 * locked first, so two owners demoting each other at once cannot leave none.
 */
async function requireOtherOwner(
  db: Database,
  caller: Caller,
  organisationId: number,
  member: { id: string },
  what: 'change the role of' | 'remove' = 'change the role of',
): Promise<void> {
  requireOwner(caller, what);
  const owners = await db
    .selectFrom('users')
    .select('id')
    .where('organisation_id', '=', organisationId)
    .where('role', '=', 'owner')
    .forUpdate()
    .execute();
  if (owners.some((owner) => owner.id !== member.id)) return;
  const whom = member.id === caller.userId ? 'yourself' : 'its last owner';
  throw new ApiError(
    409,
    `An organisation keeps at least one owner: make another member owner before you ${what} ${whom}.`,
  );
}

function article(role: Role): string {
  return role === 'viewer' ? 'a' : 'an';
}
