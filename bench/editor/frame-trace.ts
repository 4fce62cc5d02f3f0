import type { Browser, Page } from 'playwright-core';
import { keepTrace } from './profile.ts';

/**
 * The trace categories that hold what frameWork reads: the renderer's tasks
 * (RunTask), its animation frames (AnimationFrame) and its input events
 * (EventDispatch).
 */
const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  id2?: { local?: string };
  args?: { data?: { type?: string } };
}

/** What the main thread of the page spent on the frames of each gesture while tracing, in ms. */
export interface FrameWork {
  /** Per frame of a gesture (from the one that handled its first event to the one that handled its last): the time its tasks and its rendering update kept the main thread busy. */
  busyMs: number[];
  /** The same frames' lengths as the Long Animation Frames API counts them (first task → rendering done). */
  spanMs: number[];
  /** Per gesture, its first frame's work (for a drag: the grab). */
  firstMs: number[];
  /** Per gesture, the busiest frame from its last event to AFTER_MS later (for a drag: the drop written back). */
  lastMs: number[];
}

/** How long after a gesture's last event its consequences are looked for (effects, observers, a second render). */
const AFTER_MS = 500;

/**
 * Runs `work` under Chromium's tracer and measures each animation frame the
 * page's main thread produced during each gesture: from a `from` event to the
 * next `to` event it dispatched (mousedown and mouseup of a drag).
 *
 * Why a trace and not requestAnimationFrame: headless Chromium here draws at
 * 60 Hz, so rAF deltas come in steps of 16.7 ms and say only whether a vsync
 * was missed, not how close to the budget a frame came. The tracer marks
 * every animation frame as the Long Animation Frames API defines one (from the
 * first task after the previous rendering update to the end of its own), for
 * all frames and not only those over 50 ms; inside each, the time covered by
 * the main thread's tasks is the work the frame cost. That is the figure a
 * 16 ms budget is about: a frame whose work fits is drawn on time. The span is
 * reported beside it; it also counts the wait between an input task and the
 * next vsync.
 */
export async function traceFrames(
  browser: Browser,
  page: Page,
  gesture: { from: string; to: string; name: string },
  work: () => Promise<void>,
): Promise<FrameWork> {
  await browser.startTracing(page, { categories: CATEGORIES });
  try {
    await work();
  } catch (error) {
    await browser.stopTracing();
    throw error;
  }
  const buffer = await browser.stopTracing();
  keepTrace(gesture.name, buffer);
  const trace = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  return frameWork(trace.traceEvents, gesture);
}

export function frameWork(events: TraceEvent[], gesture: { from: string; to: string }): FrameWork {
  const windows = gestures(events, gesture);
  const [first] = windows;
  if (!first) throw new Error(`the trace has no ${gesture.from} … ${gesture.to} in the page`);
  // The page's main thread is the one that dispatched its input.
  const onMain = (event: TraceEvent) => event.pid === first.pid && event.tid === first.tid;
  const tasks = events.filter((event) => onMain(event) && event.name === 'RunTask' && event.ph === 'X');
  const frames = animationFrames(events.filter(onMain));
  const busy = (frame: Frame) => busyWithin(tasks, frame.start, frame.end) / 1000;
  const overlapping = (from: number, to: number) =>
    frames.filter((frame) => frame.end > from && frame.start < to);
  const during = windows.flatMap((w) => overlapping(w.start, w.end));
  return {
    busyMs: during.map(busy),
    spanMs: during.map((frame) => (frame.end - frame.start) / 1000),
    firstMs: windows.map((w) => Math.max(0, ...overlapping(w.start, w.start + 1).map(busy))),
    lastMs: windows.map((w) => Math.max(0, ...overlapping(w.lastAt, w.end + AFTER_MS * 1000).map(busy))),
  };
}

interface Frame {
  start: number;
  end: number;
}

/** Each `from` event with the first `to` event after it, on the thread that dispatched them. */
function gestures(events: TraceEvent[], gesture: { from: string; to: string }) {
  const dispatched = events
    .filter((event) => event.name === 'EventDispatch' && event.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const windows: (Frame & { pid: number; tid: number; lastAt: number })[] = [];
  let open: TraceEvent | undefined;
  for (const event of dispatched) {
    const type = event.args?.data?.type;
    if (type === gesture.from && !open) open = event;
    else if (type === gesture.to && open) {
      windows.push({
        pid: open.pid,
        tid: open.tid,
        start: open.ts,
        lastAt: event.ts,
        end: event.ts + (event.dur ?? 0),
      });
      open = undefined;
    }
  }
  return windows;
}

/** AnimationFrame is an async slice of begin and end events; one frame is open at a time on a thread. */
function animationFrames(events: TraceEvent[]): Frame[] {
  const frames: Frame[] = [];
  const open = new Map<string, number>();
  const ordered = events.filter((event) => event.name === 'AnimationFrame').sort((a, b) => a.ts - b.ts);
  for (const event of ordered) {
    const id = event.id2?.local ?? '';
    if (event.ph === 'b') open.set(id, event.ts);
    if (event.ph !== 'e') continue;
    const start = open.get(id);
    if (start === undefined) continue;
    open.delete(id);
    frames.push({ start, end: event.ts });
  }
  return frames;
}

/** Microseconds of the window covered by tasks (their union: a nested run loop's tasks count once). */
function busyWithin(tasks: TraceEvent[], start: number, end: number): number {
  const spans = tasks
    .map((task) => [Math.max(start, task.ts), Math.min(end, task.ts + (task.dur ?? 0))] as const)
    .filter(([from, to]) => to > from)
    .sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let reached = start;
  for (const [from, to] of spans) {
    if (to <= reached) continue;
    busy += to - Math.max(from, reached);
    reached = to;
  }
  return busy;
}
