import type { Database } from '../db/database';

/** The names and MQTT topics already used in the organisation, of those asked for. */
export async function takenNamesAndTopics(
  db: Database,
  organisationId: number,
  points: { name: string; mqttTopic: string | null }[],
  exceptId?: number,
): Promise<{ names: Set<string>; topics: Set<string> }> {
  const names = points.map((point) => point.name);
  const topics = points.flatMap((point) => (point.mqttTopic === null ? [] : [point.mqttTopic]));
  let query = db
    .selectFrom('data_points')
    .select(['name', 'mqtt_topic'])
    .where('organisation_id', '=', organisationId)
    .where((where) =>
      where.or([
        where('name', 'in', names),
        ...(topics.length > 0 ? [where('mqtt_topic', 'in', topics)] : []),
      ]),
    );
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  const rows = await query.execute();
  return {
    names: new Set(rows.filter((row) => names.includes(row.name)).map((row) => row.name)),
    topics: new Set(
      rows.flatMap((row) =>
        row.mqtt_topic !== null && topics.includes(row.mqtt_topic) ? [row.mqtt_topic] : [],
      ),
    ),
  };
}
