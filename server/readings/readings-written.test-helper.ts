import { type ReadingsWrittenMessage, readingsWritten } from './readings-writer';

/**
 * Records the writes that go through the readings writer from now on, until
 * `stop`: a test that makes a source write readings sees whether they came
 * through the one writer, from which source, and to which points; and, in
 * `databases`, which database each went to.
 */
export function recordReadingsWritten() {
  const writes: Omit<ReadingsWrittenMessage, 'database'>[] = [];
  const databases: object[] = [];
  const listener = (message: unknown) => {
    const { database, ...write } = message as ReadingsWrittenMessage;
    writes.push(write);
    databases.push(database);
  };
  readingsWritten.subscribe(listener);
  return {
    writes,
    databases,
    /** The writes that touched this point. */
    of: (pointId: number) => writes.filter((write) => write.pointIds.includes(pointId)),
    stop: () => readingsWritten.unsubscribe(listener),
  };
}
