import type { ImportPlan, PointReadings, ReadSoFar } from './import-plan';
import type { MeterTable } from './meter-table';

/**
 * Hands a point's readings to `take` each time it has gathered `rows` of them
 * (the file's first chunk: `firstRows`), and what is left of each at the end,
 * with how far the file is done; they then leave the plan. Called one at a
 * time, while reading continues.
 */
export interface Chunks {
  firstRows: number;
  rows: number;
  take: (chunk: PointReadings, read: ReadSoFar) => Promise<unknown>;
}

/**
 * Hands a plan's readings on in chunks while its file is read: one take at a
 * time, a point's readings leaving the plan as they go. Each chunk says how
 * far the file is done: the rows read less the readings still held for other
 * points, so a file of many points does not look done while their readings
 * wait to be written.
 */
export function chunkHandOn(chunks: Chunks, table: MeterTable, plan: ImportPlan) {
  let writing: Promise<void> = Promise.resolve();
  let chunkRows = chunks.firstRows;
  /** Readings gathered and not handed on yet. */
  let held = 0;

  const handOn = async (series: PointReadings, fileRead: boolean) => {
    chunkRows = chunks.rows;
    const chunk = { ...series };
    held -= series.ts.length;
    Object.assign(series, { ts: [], values: [], quality: [], rows: [], lastTs: series.ts.at(-1) });
    const read = soFar(plan.rowsTotal - held, plan.rowsTotal, fileRead ? undefined : table);
    await writing;
    writing = chunks.take(chunk, read).then(() => undefined);
    // Awaited at the next hand-on or at the end; until then a failure must not count as unhandled.
    writing.catch(() => {});
  };

  return {
    /**
     * After a reading joined `series`: hands the series on once it holds a
     * chunk's rows, and only then returns a promise to wait for (an await a
     * row would cost a file of millions of rows a pause per row).
     */
    added(series: PointReadings): Promise<void> | undefined {
      held++;
      return series.ts.length >= chunkRows ? handOn(series, false) : undefined;
    },
    /** Once the file is read: hands on what is left of each point, and waits for the last take. */
    async finish(): Promise<void> {
      for (const series of plan.byPoint.values()) if (series.ts.length > 0) await handOn(series, true);
      await writing;
    },
  };
}

/**
 * `done` of `read` rows dealt with (handed on, or found bad). The file's rows
 * are known once it is read, or before for a workbook; until then the share
 * of the file is its share read, taken down in proportion to the rows held.
 */
function soFar(done: number, read: number, reading: MeterTable | undefined): ReadSoFar {
  if (!reading) return { rows: done, rowsTotal: read, share: done / read };
  return { rows: done, rowsTotal: reading.rowsTotal, share: (reading.readShare() * done) / read };
}
