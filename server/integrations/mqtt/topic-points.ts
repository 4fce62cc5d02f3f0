import type { Database } from '../../db/database';
import type { PointForWrite } from '../../readings/write-readings';

/** Long enough to spare the database a query per message, short enough that a new or changed topic works soon. */
export const TOPIC_CACHE_MS = 30_000;
/** A flood of distinct unknown topics must not grow the cache without end. */
const MAX_CACHED = 10_000;

/**
 * The data point a plain topic feeds, by data_points.mqtt_topic: the full
 * topic, or the topic without the prefix (so a point's topic "boiler/flow"
 * is fed by insights/boiler/flow). Answers, found or not, are cached briefly.
 */
export class TopicPoints {
  private readonly cache = new Map<string, { point: PointForWrite | undefined; until: number }>();

  constructor(
    private readonly db: Database,
    private readonly prefix: string,
    private readonly cacheMs = TOPIC_CACHE_MS,
  ) {}

  async pointFor(topic: string, now = Date.now()): Promise<PointForWrite | undefined> {
    const cached = this.cache.get(topic);
    if (cached && cached.until > now) return cached.point;
    const point = await this.lookUp(topic);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(topic, { point, until: now + this.cacheMs });
    return point;
  }

  private async lookUp(topic: string): Promise<PointForWrite | undefined> {
    const relative =
      this.prefix !== '' && topic.startsWith(this.prefix) ? topic.slice(this.prefix.length) : topic;
    const rows = await this.db
      .selectFrom('data_points')
      .select(['id', 'kind', 'register_max', 'time_zone', 'mqtt_topic'])
      .where('mqtt_topic', 'in', [topic, relative])
      .execute();
    const row = rows.find((candidate) => candidate.mqtt_topic === topic) ?? rows[0];
    return row && { id: row.id, kind: row.kind, register_max: row.register_max, time_zone: row.time_zone };
  }
}
