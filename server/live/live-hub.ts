import type { LiveEvent } from '../../src/generated/api-types';
import { type NotificationsChangedMessage, notificationsChanged } from '../alerts/notifications-changed';
import { type Database, databaseIdentity } from '../db/database';
import { NO_OTHER_PROCESSES, type ProcessNotices } from '../db/process-notices';
import { type ReadingsWrittenMessage, readingsWritten } from '../readings/readings-writer';
import { EventQueue } from './event-queue';
import { latestReadings } from './latest-readings';

/** One open stream: whose it is, the points its screen shows, and its events on their way. */
interface Listener {
  organisationId: number;
  points: ReadonlySet<number>;
  queue: EventQueue<LiveEvent>;
}

/**
 * Writes that land this close together are told in one event: an import or
 * a busy MQTT feed writes many batches a second, and each would cost every
 * stream on those points a query and a repaint.
 */
const GATHER_MS = 100;

/** What open screens are told: new readings of the points they show, and changed notifications. */
export interface LiveHub {
  /** The stream of one caller: first the latest reading of each point, then each change as it commits. */
  open(
    caller: { organisationId: number },
    pointIds: readonly number[],
    signal: AbortSignal,
  ): AsyncIterable<LiveEvent>;
  /** How many streams are open. */
  readonly size: number;
  /** Stops listening to writes; streams still open end with their signals. */
  close(): void;
}

/** The topics this hub tells other server processes of, and hears from them (db/process-notices.ts). */
const READINGS = 'readings';
const NOTIFICATIONS = 'notifications';

/**
 * The live streams of one app, fed by the one readings writer's channel
 * (every source's writes, committed) and by the rules' notifications, of
 * this process and, through `notices`, of every other server process on the
 * database. Only writes to this app's database count: another app in the
 * same process (a test's, a bench's) numbers its points alike. Each stream
 * gets only the points it asked for, which the handler has checked are its
 * organisation's.
 */
export function createLiveHub(db: Database, notices: ProcessNotices = NO_OTHER_PROCESSES): LiveHub {
  const database = databaseIdentity(db);
  const listeners = new Set<Listener>();
  /** Points written since the last telling: by this process (told to the others too) or by another. */
  let written = new Set<number>();
  let writtenHere = new Set<number>();
  let gathering: NodeJS.Timeout | undefined;

  const tellReadings = async (pointIds: Set<number>) => {
    const wanted = [...pointIds].filter((id) => [...listeners].some((listener) => listener.points.has(id)));
    if (wanted.length === 0) return;
    const readings = await latestReadings(db, wanted);
    for (const listener of listeners) {
      const theirs = readings.filter((reading) => listener.points.has(reading.dataPointId));
      if (theirs.length > 0) listener.queue.push({ kind: 'readings', readings: theirs });
    }
  };
  const gather = () => {
    gathering ??= setTimeout(() => {
      gathering = undefined;
      const told = written;
      written = new Set();
      if (writtenHere.size > 0) notices.tell(READINGS, [...writtenHere]);
      writtenHere = new Set();
      // A failed read loses one update; the next write or reconnect tells the latest again.
      if (listeners.size > 0) tellReadings(told).catch(() => {});
    }, GATHER_MS);
  };
  const onWrite = (message: unknown) => {
    const { database: writtenTo, pointIds } = message as ReadingsWrittenMessage;
    // Alone on its database with no screen open, a process has nobody to tell (the demo's seeding writes
    // thousands of batches).
    if (writtenTo !== database || (listeners.size === 0 && notices === NO_OTHER_PROCESSES)) return;
    for (const id of pointIds) {
      written.add(id);
      writtenHere.add(id);
    }
    gather();
  };
  const onWrittenElsewhere = (pointIds: (number | string)[]) => {
    if (listeners.size === 0) return;
    for (const id of pointIds) written.add(Number(id));
    gather();
  };
  const tellNotifications = (organisationIds: readonly number[]) => {
    for (const listener of listeners) {
      if (organisationIds.includes(listener.organisationId)) {
        listener.queue.push({ kind: 'notifications', readings: [] });
      }
    }
  };
  const onNotifications = (message: unknown) => {
    const { database: writtenTo, organisationIds } = message as NotificationsChangedMessage;
    if (writtenTo !== database) return;
    notices.tell(NOTIFICATIONS, organisationIds);
    tellNotifications(organisationIds);
  };
  /** Notices missed while the connection to the others was lost: each stream is told its points' latest again. */
  const onMissed = () => {
    for (const listener of listeners) for (const id of listener.points) written.add(id);
    if (listeners.size > 0) gather();
    tellNotifications([...listeners].map((listener) => listener.organisationId));
  };
  readingsWritten.subscribe(onWrite);
  notificationsChanged.subscribe(onNotifications);
  const stopHearing = [
    notices.hear(READINGS, onWrittenElsewhere),
    notices.hear(NOTIFICATIONS, (ids) => tellNotifications(ids.map(Number))),
    notices.onMissed(onMissed),
  ];

  return {
    async *open(caller, pointIds, signal) {
      const listener: Listener = {
        organisationId: caller.organisationId,
        points: new Set(pointIds),
        queue: new EventQueue(),
      };
      // Listening before the snapshot is read: a write committed in between is told, not lost.
      listeners.add(listener);
      try {
        yield { kind: 'snapshot', readings: await latestReadings(db, pointIds) };
        yield* listener.queue.until(signal);
      } finally {
        listeners.delete(listener);
      }
    },
    get size() {
      return listeners.size;
    },
    close() {
      readingsWritten.unsubscribe(onWrite);
      notificationsChanged.unsubscribe(onNotifications);
      for (const stop of stopHearing) stop();
      clearTimeout(gathering);
    },
  };
}
