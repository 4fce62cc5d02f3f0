import type { Role } from '../generated/api-types';

/** Highest first: each role may do everything the roles after it may. */
export const ROLES: readonly Role[] = ['owner', 'admin', 'editor', 'viewer'];

/** Whether a member with `role` may do what needs `required`. */
export function roleAllows(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) <= ROLES.indexOf(required);
}
