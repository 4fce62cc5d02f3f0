import { siteWithRoom } from '../datapoints/test-places.test-helper';
import type { startTestApp } from '../test-app';

type Server = Awaited<ReturnType<typeof startTestApp>>;

/** Any verb on /api/<path> with the token, for the GET and DELETE routes server.api does not send. */
export async function send(
  server: Server,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  token: string,
  body?: object,
) {
  const response = await server.app.inject({
    method,
    url: `/api/${path}`,
    headers: { authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { payload: body }),
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined };
}

/** A site with a room in the organisation and electricity points on the room, made through the API; returns the ids. */
export async function pointsInNewSite(
  server: Server,
  token: string,
  organisationId: number,
  names: string[],
) {
  const places = await siteWithRoom(server.db, organisationId, 'Europe/London', `Site of ${names[0]}`);
  const added = await server.api('addDataPointsRef', token, {
    dataPoints: names.map((name) => ({
      entityId: places.roomId,
      name,
      intent: 'electricity',
      unit: 'kWh',
      kind: 'cumulative',
    })),
  });
  if (added.status !== 200) throw new Error(`points not added: ${JSON.stringify(added.body)}`);
  return { ...places, points: added.body.dataPoints.map((point: { id: number }) => point.id) as number[] };
}
