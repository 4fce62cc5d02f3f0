/** PostgreSQL's integer: ids past it cannot exist, and asking the database about them would fail rather than find nothing. */
const MAX_ID = 2_147_483_647;

/** Whether an id from a request can name a row at all. */
export function isDatabaseId(id: number): boolean {
  return Number.isInteger(id) && id >= 1 && id <= MAX_ID;
}
