import { channel } from 'node:diagnostics_channel';
import { type Database, databaseIdentity } from '../db/database';
import type { ProcessNotices } from '../db/process-notices';

/**
 * Where a change to which data points an organisation has, or the MQTT
 * topics they go by, is told once committed. Whatever keeps points by their
 * address for a while (the MQTT subscriber's topic cache) drops them when
 * told. So a point added for a device that already publishes stores its
 * first message, not one half a minute later, and a topic given up stops
 * feeding its old point at once.
 *
 * A node:diagnostics_channel within the process; the others on the database
 * hear it through ProcessNotices (relayPointsChanged, which app.ts starts).
 * What a write needs of its point (kind, zone, register maximum) is not
 * told here: the readings writer reads it under the point's lock.
 */
const pointsChanged = channel('insights:data-points-changed');

/** The topic other processes hear it on (db/process-notices.ts). */
const POINTS_CHANGED = 'data-points-changed';

interface PointsChangedMessage {
  /** The database changed (databaseIdentity), told apart from another app's in the same process. */
  database: object;
  organisationIds: number[];
  /** Heard from another process, or notices may have been missed: not to be told on again. */
  fromElsewhere: boolean;
}

/** Call once the change is committed: a listener that looks again before then finds the old points. */
export function tellPointsChanged(db: Database, organisationId: number): void {
  publish({ database: databaseIdentity(db), organisationIds: [organisationId], fromElsewhere: false });
}

/** Each change to this database's points, from this process or another; returns how to stop hearing. */
export function onPointsChanged(db: Database, listener: () => void): () => void {
  const database = databaseIdentity(db);
  const hear = (message: unknown) => {
    if ((message as PointsChangedMessage).database === database) listener();
  };
  pointsChanged.subscribe(hear);
  return () => pointsChanged.unsubscribe(hear);
}

/**
 * Tells the other processes on the database of this one's changes, and this
 * one's listeners of theirs, and of notices that may have been missed.
 */
export function relayPointsChanged(db: Database, notices: ProcessNotices): () => void {
  const database = databaseIdentity(db);
  const tellOthers = (message: unknown) => {
    const changed = message as PointsChangedMessage;
    if (changed.database === database && !changed.fromElsewhere)
      notices.tell(POINTS_CHANGED, changed.organisationIds);
  };
  const heardFromOthers = (organisationIds: (number | string)[]) =>
    publish({ database, organisationIds: organisationIds.map(Number), fromElsewhere: true });
  pointsChanged.subscribe(tellOthers);
  const stopHearing = notices.hear(POINTS_CHANGED, heardFromOthers);
  const stopMissing = notices.onMissed(() => heardFromOthers([]));
  return () => {
    pointsChanged.unsubscribe(tellOthers);
    stopHearing();
    stopMissing();
  };
}

function publish(message: PointsChangedMessage): void {
  if (pointsChanged.hasSubscribers) pointsChanged.publish(message);
}
