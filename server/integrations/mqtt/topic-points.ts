import { onPointsChanged } from '../../datapoints/points-changed';
import type { Database } from '../../db/database';
import type { PointForWrite } from '../../readings/readings-writer';

/**
 * Long enough to spare the database a query per message. A change made
 * through the API drops the cache at once (points-changed.ts); this bounds
 * one it was not told of, such as a notice from another process lost while
 * its connection was down.
 */
export const TOPIC_CACHE_MS = 30_000;
/** A flood of distinct unknown topics must not grow the cache without end. */
const MAX_CACHED = 10_000;

/**
 * The data point a plain topic feeds: the point whose mqtt_topic is the
 * topic's rest inside the namespace of the point's own organisation. Two
 * organisations may use the same topic; their namespaces keep them apart.
 * Answers, found or not, are cached until points are added, deleted or
 * given other topics, or for cacheMs at most.
 */
export class TopicPoints {
  private readonly cache = new Map<string, { point: PointForWrite | undefined; until: number }>();
  private readonly stopHearing: () => void;

  constructor(
    private readonly db: Database,
    private readonly cacheMs = TOPIC_CACHE_MS,
  ) {
    this.stopHearing = onPointsChanged(db, () => this.cache.clear());
  }

  /** Stops following changes to the points. */
  close(): void {
    this.stopHearing();
  }

  /** `db` is where a point the cache does not know is looked up: a transaction the caller holds, or the pool. */
  async pointFor(
    namespace: string,
    pointTopic: string,
    now = Date.now(),
    db: Database = this.db,
  ): Promise<PointForWrite | undefined> {
    const key = `${namespace}/${pointTopic}`;
    const cached = this.cache.get(key);
    if (cached && cached.until > now) return cached.point;
    const point = await this.lookUp(db, namespace, pointTopic);
    if (this.cache.size >= MAX_CACHED) this.cache.clear();
    this.cache.set(key, { point, until: now + this.cacheMs });
    return point;
  }

  private async lookUp(
    db: Database,
    namespace: string,
    pointTopic: string,
  ): Promise<PointForWrite | undefined> {
    return db
      .selectFrom('data_points')
      .innerJoin('organisations', 'organisations.id', 'data_points.organisation_id')
      .select(['data_points.id', 'kind', 'register_max', 'interval_minutes', 'time_zone'])
      .where('organisations.mqtt_namespace', '=', namespace)
      .where('data_points.mqtt_topic', '=', pointTopic)
      .where('data_points.source', '<>', 'virtual')
      .executeTakeFirst();
  }
}
