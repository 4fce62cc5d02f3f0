import type { FlowNode } from '../generated/api-types';

/** A flow's step for a test: its id and kind, at the canvas's origin, with the fields given. */
export const node = (id: string, kind: FlowNode['kind'], fields: Partial<FlowNode> = {}): FlowNode => ({
  id,
  kind,
  x: 0,
  y: 0,
  ...fields,
});
