import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';

// A body over its endpoint's limit is refused with the limit that endpoint really has, in words.
describe('bodies over their limit', () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  let token: string;
  beforeAll(async () => {
    server = await startTestApp('pglite');
    token = (await server.memberOfNewOrganisation('large@limits.test', 'Limits')).token;
  });
  afterAll(async () => server?.close());

  const post = (url: string, contentType: string, payload: string | Buffer) =>
    server.app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload,
    });

  it('answers a JSON body over 1 MB with 413 naming 1 MB', async () => {
    const answer = await post(
      '/api/addEntity',
      'application/json',
      JSON.stringify({ name: 'x'.repeat(1_100_000) }),
    );
    expect(answer.statusCode).toBe(413);
    expect(answer.json()).toEqual({
      message: 'The request body is larger than the 1 MB limit of this endpoint.',
    });
  });

  it('takes an image of 2 MB to be judged as an image, and refuses one over 5 MB naming 5 MB', async () => {
    const twoMegabytes = await post('/api/uploadOrgImage', 'image/png', Buffer.alloc(2 * 1024 * 1024, 1));
    // Not refused for its size: judged, and refused, as the picture it is not.
    expect(twoMegabytes.statusCode).toBe(415);
    const sixMegabytes = await post('/api/uploadOrgImage', 'image/png', Buffer.alloc(6 * 1024 * 1024, 1));
    expect(sixMegabytes.statusCode).toBe(413);
    expect(sixMegabytes.json()).toEqual({
      message: 'The upload is larger than 5 MB; choose a smaller file.',
    });
  });
});
