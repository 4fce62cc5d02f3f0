import { invalidParameter } from '../cognito-error';
import type { UserPool } from '../user-pool';
import { userFromAccessToken } from './access-token';

/** Attributes a user may change about themselves; the organisation id is set by the server when they join one. */
const WRITABLE = new Set(['name', 'locale', 'zoneinfo', 'picture', 'phone_number']);

/** GetUser: the signed-in user's attributes as [{Name, Value}]. */
export async function getUser(pool: UserPool, body: Record<string, unknown>) {
  const { user } = await userFromAccessToken(pool, body);
  const attributes: Record<string, string> = {
    sub: user.id,
    email: user.email,
    email_verified: 'true',
    name: user.name,
    ...user.attributes,
    ...(user.organisation_id === null ? {} : { 'custom:organisation_id': String(user.organisation_id) }),
  };
  return {
    Username: user.email,
    UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
  };
}

/** UpdateUserAttributes: name and a few profile attributes; nothing needs confirming by code. */
export async function updateUserAttributes(pool: UserPool, body: Record<string, unknown>) {
  const { user } = await userFromAccessToken(pool, body);
  const updates = body.UserAttributes;
  if (!Array.isArray(updates)) throw invalidParameter('UserAttributes must be a list of {Name, Value}.');
  const changed: Record<string, string> = {};
  for (const attribute of updates as { Name?: unknown; Value?: unknown }[]) {
    if (typeof attribute?.Name !== 'string' || typeof attribute.Value !== 'string') {
      throw invalidParameter('UserAttributes must be a list of {Name, Value}.');
    }
    if (!WRITABLE.has(attribute.Name))
      throw invalidParameter(`Attribute ${attribute.Name} cannot be changed.`);
    if (attribute.Value.length > 2048) throw invalidParameter(`Attribute ${attribute.Name} is too long.`);
    changed[attribute.Name] = attribute.Value;
  }
  const { name, ...others } = changed;
  await pool.db
    .updateTable('users')
    .set({
      ...(name === undefined ? {} : { name }),
      attributes: JSON.stringify({ ...user.attributes, ...others }),
      updated_at: new Date(),
    })
    .where('id', '=', user.id)
    .execute();
  return { CodeDeliveryDetailsList: [] };
}
