import type { UserPool } from '../user-pool';
import { normaliseUsername } from '../user-pool';

export function findUserByUsername(pool: UserPool, username: string) {
  return pool.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', normaliseUsername(username))
    .executeTakeFirst();
}

export function findUserById(pool: UserPool, id: string) {
  return pool.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
