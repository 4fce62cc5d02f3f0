import type { AlertCondition, FlowCondition } from '../../src/generated/api-types';
import { checkFlow, inputIds } from '../../src/rules/flow-graph';
import type { Database } from '../db/database';
import { hasKeptModel } from '../forecast/kept-forecast';
import { fieldError } from '../http/api-error';
import { isPriced } from '../tariffs/point-costs';
import { flowPoints } from './flow-readings';
import { ownPoint } from './own-point';
import type { RuleFields } from './rules';

/** What the schema cannot say of a rule's fields, said at the field's pointer. */
export function checkRuleFields(fields: RuleFields): void {
  if (fields.name.trim() === '')
    throw fieldError('/name', 'Give the rule a name, such as "Main meter over 50 kWh".');
}

/**
 * That the condition can be judged on the data point, one of the
 * organisation's (404 otherwise) with readings of its own: a budget, a
 * baseline or a flagged step is on a meter's register, and a cost budget
 * on a point a tariff prices.
 */
export async function checkConditionFits(
  db: Database,
  organisationId: number,
  dataPointId: number,
  condition: AlertCondition,
  /** Whether a broker takes MQTT messages: without one, a flow's publish action is refused. */
  { publishing }: { publishing: boolean } = { publishing: true },
): Promise<void> {
  if (condition.kind === 'flow') return checkFlowFits(db, organisationId, dataPointId, condition, publishing);
  const point = await ownPoint(db, organisationId, dataPointId);
  if (point.source === 'virtual') {
    throw fieldError(
      '/dataPointId',
      `"${point.name}" is a virtual data point, worked out from others, and a rule of the form judges readings as they are stored: build it as a flow in the logic builder, which reads virtual points, or put the rule on the data points its formula reads.`,
    );
  }
  if (condition.kind === 'baseline' && condition.direction === 'below' && condition.percent >= 100) {
    throw fieldError(
      '/condition/percent',
      `An hour can be at most 100% below its usual use (when it uses nothing): ${condition.percent}% below never happens. Choose less than 100.`,
    );
  }
  if (
    condition.kind === 'baseline' &&
    condition.against === 'keptModel' &&
    !(await hasKeptModel(db, organisationId, dataPointId))
  ) {
    throw fieldError(
      '/condition/against',
      `"${point.name}" has no kept forecast model to compare with: keep one on the Machine learning page (its model refitted every day), or compare with the weeks before.`,
    );
  }
  if (condition.kind !== 'budget' && condition.kind !== 'baseline' && condition.kind !== 'flaggedStep')
    return;
  if (point.kind !== 'cumulative') {
    throw fieldError(
      '/condition/kind',
      condition.kind === 'flaggedStep'
        ? `"${point.name}" is not a meter's register, and only a register's steps are flagged: choose a cumulative data point.`
        : `"${point.name}" is not a meter's register, and a ${condition.kind} is judged on the use a register adds each hour: choose a cumulative data point.`,
    );
  }
  if (
    condition.kind === 'budget' &&
    condition.measure === 'cost' &&
    !(await isPriced(db, organisationId, point))
  ) {
    throw fieldError(
      '/condition/measure',
      `No tariff prices "${point.name}" in ${point.unit || 'its unit'}: assign one to it or a place above it, or budget its consumption.`,
    );
  }
}

/**
 * That a flow can be judged: its graph whole and without a circle
 * (checkFlow), every point it reads or writes the organisation's (404
 * otherwise), an aggregation over stored readings, a write to a point the
 * flow does not read (it would judge its own output), a publish only where
 * a broker is, and the rule shown by one of the points it reads.
 */
async function checkFlowFits(
  db: Database,
  organisationId: number,
  dataPointId: number,
  flow: FlowCondition,
  publishing: boolean,
): Promise<void> {
  const [problem] = checkFlow(flow);
  if (problem) throw fieldError(`/condition${problem.pointer}`, problem.message);
  const points = await flowPoints(db, organisationId, flow);
  for (const [at, node] of flow.nodes.entries()) {
    const pointer = `/condition/nodes/${at}`;
    if (node.kind === 'sum' || node.kind === 'mean') {
      const [from] = inputIds(flow, node.id);
      const source = flow.nodes.find((other) => other.id === from);
      const point = points.byId.get(source?.dataPointId as number);
      if (point?.formula) {
        throw fieldError(
          pointer,
          `A ${node.kind} adds up stored readings, and "${point.name}" is a virtual point: aggregate the points its formula reads.`,
        );
      }
    }
    if (node.kind === 'write') {
      const target = await ownPoint(db, organisationId, node.dataPointId as number);
      if (target.source === 'virtual')
        throw fieldError(
          `${pointer}/dataPointId`,
          `"${target.name}" is a virtual point, worked out from others: it stores no readings to write.`,
        );
      if (points.byId.has(target.id))
        throw fieldError(
          `${pointer}/dataPointId`,
          `The flow reads "${target.name}": writing to it would feed the flow its own output. Write to a point it does not read.`,
        );
    }
    if (node.kind === 'publish' && !publishing)
      throw fieldError(
        pointer,
        'This server has no MQTT broker (MQTT_URL), so there is nowhere to publish to: notify or write a value instead.',
      );
    if (node.kind === 'publish') {
      // A message on a topic one of its own points listens to would come back as that point's reading.
      const listening = await db
        .selectFrom('data_points')
        .select('name')
        .where('organisation_id', '=', organisationId)
        .where('id', 'in', [...points.byId.keys()])
        .where('mqtt_topic', '=', node.topic as string)
        .executeTakeFirst();
      if (listening)
        throw fieldError(
          `${pointer}/topic`,
          `The flow reads "${listening.name}", which takes its readings from the topic "${node.topic}": publishing there would feed the flow its own output. Choose another topic.`,
        );
    }
  }
  if (!flow.nodes.some((node) => node.kind === 'point' && node.dataPointId === dataPointId))
    throw fieldError(
      '/dataPointId',
      "A flow's rule is listed under one of the points it reads: choose one of them.",
    );
}
