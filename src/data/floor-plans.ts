import {
  type QueryClient,
  queryOptions,
  skipToken,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../generated/api-client';
import type { FloorPlanResponse, FloorPlanUpdateRequest } from '../generated/api-types';
import { livePointsAsked, livePointsFrom } from './live/live-meta';
import { useScreenMutation } from './screen-mutation';
import { screenQueryKey, useScreenQuery } from './screen-query';

/** The organisation's floor plans, as the chooser lists them. */
const FLOOR_PLANS_READ = 'floor-plans';

export function useFloorPlans() {
  return useScreenQuery(FLOOR_PLANS_READ, () => api.floorPlans({}));
}

/**
 * One plan with what its points show now. Always live: a plan is a view of
 * the building as it is, so each write of one of its points asks it again,
 * whether or not the person switched live updates on for charts.
 */
export function floorPlanQuery(id: number) {
  return queryOptions({
    queryKey: [...screenQueryKey(FLOOR_PLANS_READ), 'plan', id] as const,
    queryFn: () => api.floorPlan({ id }),
    meta: {
      ...livePointsFrom((answer: FloorPlanResponse) => answer.plan.points.map((point) => point.id)),
      alwaysLive: true,
    },
    staleTime: 0,
  });
}

export function useFloorPlan(id: number) {
  return useQuery(floorPlanQuery(id));
}

/** Saves a plan's markers, zones and scale: the plan on screen takes the answer at once, the list is asked again. */
export function useSaveFloorPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: FloorPlanUpdateRequest) => api.floorPlanUpdate(request),
    onSuccess: (answer, request) => planAnswered(client, request.id, answer),
  });
}

/** A plan's picture replaced (a new drawing of the floor), its markers and zones kept where they are on it. */
export function useReplaceFloorPlanPicture() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File }) => api.floorPlanImage({ id }, file),
    onSuccess: (answer, { id }) => planAnswered(client, id, answer),
  });
}

/**
 * A plan deleted: the list is asked again first, so the chooser has moved on
 * to another plan before the deleted one's own read is dropped (asked again,
 * it would be a 404 on screen).
 */
export function useDeleteFloorPlan() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number }) => api.floorPlanDelete({ id }),
    onSuccess: async (_answer, { id }) => {
      await client.invalidateQueries(everyReadButPlans);
      client.removeQueries({ queryKey: floorPlanQuery(id).queryKey });
    },
  });
}

/** Where floorPlanQuery's key says 'plan', after the screen read's own parts. */
const PLAN_KEY_AT = screenQueryKey(FLOOR_PLANS_READ).length;

/** The plans' reads but each plan's own: the list, and the charts of their points. */
const everyReadButPlans = {
  queryKey: screenQueryKey(FLOOR_PLANS_READ),
  predicate: (query: { queryKey: readonly unknown[] }) => query.queryKey[PLAN_KEY_AT] !== 'plan',
};

/** The plan on screen takes the answer of a write at once; the list and the rest are asked again. */
function planAnswered(client: QueryClient, id: number, answer: FloorPlanResponse): Promise<void> {
  client.setQueryData(floorPlanQuery(id).queryKey, answer);
  return client.invalidateQueries(everyReadButPlans);
}

/** A new plan of a place, from its picture. */
export function useCreateFloorPlan() {
  return useScreenMutation(
    ({ entityId, name, file }: { entityId: number; name: string; file: File }) =>
      api.floorPlanCreate({ entityId, name }, file),
    [FLOOR_PLANS_READ],
  );
}

/** How far back a plan's picked point is charted. */
const DAY_MS = 24 * 3_600_000;

/** The chart endpoint's limit on the points of one request. */
const MOST_POINTS_PER_READ = 200;

/** The points' readings from `from` to `to` (epoch ms), by the quarter hour. */
function pointsBetweenRequest(dataPointIds: number[], from: number, to: number) {
  return {
    dataPointIds: dataPointIds.slice(0, MOST_POINTS_PER_READ),
    from: new Date(from).toISOString(),
    to: new Date(to).toISOString(),
    resolution: '15min' as const,
    width: 400,
    compare: false,
  };
}

/**
 * A point's readings over the last 24 hours, for the small chart of a plan's
 * picked marker; live as its plan is. The window is the hour's, so a picked
 * point keeps its answer while the hour lasts.
 */
export function useLastDay(dataPointId: number | undefined) {
  const to = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
  const request = dataPointId ? pointsBetweenRequest([dataPointId], to - DAY_MS, to) : null;
  return useQuery({
    queryKey: [...screenQueryKey(FLOOR_PLANS_READ), 'last-day', request] as const,
    queryFn: request ? () => api.getChartDataByDate(request) : skipToken,
    meta: { ...livePointsAsked((asked: { dataPointIds: number[] }) => asked.dataPointIds), alwaysLive: true },
  });
}

/**
 * A day of the plan's points for its replay: local midnight to the next
 * (epoch ms; 23 or 25 hours on the days the clocks change). Not live: a day
 * gone by does not change, and today's replay is asked again when it is
 * picked again.
 */
export function useDayOfPoints(dataPointIds: number[], day: { from: number; to: number } | undefined) {
  const request =
    day !== undefined && dataPointIds.length > 0
      ? pointsBetweenRequest(dataPointIds, day.from, day.to)
      : null;
  return useQuery({
    queryKey: [...screenQueryKey(FLOOR_PLANS_READ), 'day', request] as const,
    queryFn: request ? () => api.getChartDataByDate(request) : skipToken,
  });
}
