import { type ReadingsWrittenMessage, readingsWritten } from './readings-writer';

/**
 * Records the writes that go through the readings writer from now on, until
 * `stop`: a test that makes a source write readings sees whether they came
 * through the one writer, from which source, and to which points.
 */
export function recordReadingsWritten() {
  const writes: ReadingsWrittenMessage[] = [];
  const listener = (message: unknown) => writes.push(message as ReadingsWrittenMessage);
  readingsWritten.subscribe(listener);
  return {
    writes,
    /** The writes that touched this point. */
    of: (pointId: number) => writes.filter((write) => write.pointIds.includes(pointId)),
    stop: () => readingsWritten.unsubscribe(listener),
  };
}
