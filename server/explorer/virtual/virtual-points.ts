import type {
  VirtualDataPoint,
  VirtualDatapointCheckResponse,
  VirtualDatapointRequest,
  VirtualDatapointUpdateRequest,
} from '../../../src/generated/api-types';
import { ensureRoom } from '../../billing/plan-limits';
import { organisationEntities } from '../../datapoints/entity-tree';
import { isUniqueViolation } from '../../datapoints/point-rules';
import type { Database } from '../../db/database';
import { ApiError, fieldError, notFound } from '../../http/api-error';
import { type ExplorerPoint, organisationExplorerPoints, unknownPoint } from '../explorer-points';
import { type Formula, formulaInputs, formulaText } from './formula';
import { FormulaGraph } from './formula-graph';
import { pointKind } from './virtual-kind';

/** The largest number of data points one formula may read. */
const MAX_INPUTS = 50;

/** A formula read and checked against the organisation's points, with what a point computed by it would be. */
interface CheckedFormula {
  formula: Formula;
  inputs: ExplorerPoint[];
  kind: ExplorerPoint['kind'];
  graph: FormulaGraph;
}

async function checkFormula(
  db: Database,
  organisationId: number,
  text: string,
  id?: number,
): Promise<CheckedFormula> {
  const graph = new FormulaGraph(await organisationExplorerPoints(db, organisationId));
  // The point being edited is named by id too: another organisation's is as unknown as a missing one.
  if (id !== undefined && !graph.point(id)) throw unknownPoint(id);
  const formula = graph.parse(text);
  const ids = formulaInputs(formula);
  if (ids.length === 0) throw fieldError('/formula', 'The formula must use at least one data point.');
  if (ids.length > MAX_INPUTS)
    throw fieldError(
      '/formula',
      `The formula uses ${ids.length} data points; at most ${MAX_INPUTS} can be combined.`,
    );
  graph.checkAcyclic(id, formula);
  const inputs = ids.map((input) => graph.point(input) as ExplorerPoint);
  const probe: ExplorerPoint = {
    ...(inputs[0] as ExplorerPoint),
    id: -1,
    formula: formulaText(formula, () => undefined),
  };
  const kind = pointKind(new FormulaGraph([...inputs, probe]), probe);
  return { formula, inputs, kind, graph };
}

/** virtualDatapoint/check: what a formula would make, without saving it. */
export async function checkVirtualFormula(
  db: Database,
  organisationId: number,
  text: string,
  id?: number,
): Promise<VirtualDatapointCheckResponse> {
  const { formula, inputs, kind, graph } = await checkFormula(db, organisationId, text, id);
  return {
    formula: formulaText(formula, (input) => graph.point(input)?.name),
    inputs: inputs.map((input) => ({ id: input.id, name: input.name, unit: input.unit })),
    kind,
    unit: (inputs[0] as ExplorerPoint).unit,
  };
}

/** virtualDatapoint POST: a new virtual point on an entity of the organisation. */
export async function createVirtualPoint(
  db: Database,
  organisationId: number,
  body: VirtualDatapointRequest,
): Promise<VirtualDataPoint> {
  const { formula, inputs, kind } = await checkFormula(db, organisationId, body.formula);
  const first = inputs[0] as ExplorerPoint;
  const entityId = body.entityId ?? (await entityOf(db, first.id));
  const timeZone = await siteZone(db, organisationId, entityId);
  const name = body.name.trim();
  if (!name) throw fieldError('/name', 'The name must not be blank.');
  const intent = await intentOf(db, first.id);
  const id = await uniquely(name, () =>
    db.transaction().execute(async (trx) => {
      await ensureRoom(trx, organisationId, 'dataPoints', 1);
      const row = await trx
        .insertInto('data_points')
        .values({
          organisation_id: organisationId,
          entity_id: entityId,
          name,
          intent,
          unit: body.unit?.trim() || first.unit,
          kind,
          source: 'virtual',
          formula: formulaText(formula, () => undefined),
          time_zone: timeZone,
          updated_at: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('virtual_inputs')
        .values(inputs.map((input) => ({ data_point_id: row.id, input_id: input.id })))
        .execute();
      return row.id;
    }),
  );
  return virtualPoint(db, organisationId, id);
}

/** virtualDatapoint PUT: a new name, formula, place or unit; a formula that makes a cycle keeps the old one. */
export async function updateVirtualPoint(
  db: Database,
  organisationId: number,
  body: VirtualDatapointUpdateRequest,
): Promise<VirtualDataPoint> {
  const current = await virtualRow(db, organisationId, body.dataPointId, '/dataPointId');
  const checked = body.formula ? await checkFormula(db, organisationId, body.formula, current.id) : undefined;
  const entityId = body.entityId ?? current.entity_id;
  const timeZone = await siteZone(db, organisationId, entityId);
  const name = body.name?.trim() ?? current.name;
  if (!name) throw fieldError('/name', 'The name must not be blank.');
  await uniquely(name, () =>
    db.transaction().execute(async (trx) => {
      await trx
        .updateTable('data_points')
        .set({
          name,
          entity_id: entityId,
          time_zone: timeZone,
          unit: body.unit?.trim() || current.unit,
          ...(checked ? { formula: formulaText(checked.formula, () => undefined), kind: checked.kind } : {}),
          updated_at: new Date(),
        })
        .where('id', '=', current.id)
        .execute();
      if (checked) {
        await trx.deleteFrom('virtual_inputs').where('data_point_id', '=', current.id).execute();
        await trx
          .insertInto('virtual_inputs')
          .values(checked.inputs.map((input) => ({ data_point_id: current.id, input_id: input.id })))
          .execute();
      }
    }),
  );
  return virtualPoint(db, organisationId, current.id);
}

/** virtualDatapoint DELETE: refused while another virtual point reads it, so no formula is left pointing nowhere. */
export async function deleteVirtualPoint(
  db: Database,
  organisationId: number,
  id: number,
): Promise<{ deleted: number }> {
  const current = await virtualRow(db, organisationId, id);
  const readers = await db
    .selectFrom('virtual_inputs')
    .innerJoin('data_points', 'data_points.id', 'virtual_inputs.data_point_id')
    .select('data_points.name')
    .where('virtual_inputs.input_id', '=', id)
    .execute();
  if (readers.length > 0) {
    const names = readers.map((reader) => `"${reader.name}"`).join(', ');
    throw new ApiError(409, `"${current.name}" is used by ${names}; change those formulas first.`);
  }
  await db.deleteFrom('data_points').where('id', '=', id).execute();
  return { deleted: id };
}

/** A virtual point as the API shows it: its formula with names. */
export async function virtualPoint(
  db: Database,
  organisationId: number,
  id: number,
): Promise<VirtualDataPoint> {
  const row = await virtualRow(db, organisationId, id);
  const graph = new FormulaGraph(await organisationExplorerPoints(db, organisationId));
  const formula = graph.formulaOf(id) as Formula;
  return {
    id,
    name: row.name,
    entityId: row.entity_id,
    unit: row.unit,
    kind: row.kind,
    formula: formulaText(formula, (input) => graph.point(input)?.name),
    inputs: formulaInputs(formula),
  };
}

/** The virtual point `id`, named in the request at `pointer`. */
async function virtualRow(db: Database, organisationId: number, id: number, pointer = '/id') {
  const row = await db
    .selectFrom('data_points')
    .select(['id', 'name', 'entity_id', 'unit', 'kind', 'source'])
    .where('id', '=', id)
    .where('organisation_id', '=', organisationId)
    .executeTakeFirst();
  if (!row) throw unknownPoint(id);
  if (row.source !== 'virtual')
    throw fieldError(pointer, `"${row.name}" is a stored data point, not a virtual one.`);
  return row;
}

async function entityOf(db: Database, pointId: number): Promise<number> {
  const row = await db
    .selectFrom('data_points')
    .select('entity_id')
    .where('id', '=', pointId)
    .executeTakeFirstOrThrow();
  return row.entity_id;
}

async function intentOf(db: Database, pointId: number): Promise<string> {
  const row = await db
    .selectFrom('data_points')
    .select('intent')
    .where('id', '=', pointId)
    .executeTakeFirstOrThrow();
  return row.intent;
}

/** A virtual point's buckets are cut in its site's zone, like any point's. */
async function siteZone(db: Database, organisationId: number, entityId: number): Promise<string> {
  const entity = (await organisationEntities(db, organisationId)).get(entityId);
  if (!entity) throw notFound(`entity ${entityId}`);
  if (!entity.timeZone)
    throw fieldError(
      '/entityId',
      `${entity.name} is not in a site with a time zone; set the site's time zone first.`,
    );
  return entity.timeZone;
}

async function uniquely<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError(409, `A data point named "${name}" already exists in your organisation.`);
    throw error;
  }
}
