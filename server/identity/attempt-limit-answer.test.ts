import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../test-app';

/**
 * The user pool refuses in Cognito's words; an API endpoint that meets its
 * limit answers in the API's, through the answer identity hands app.ts.
 */
describe("the user pool's attempt limit, met through the API", () => {
  let server: Awaited<ReturnType<typeof startTestApp>>;
  beforeAll(async () => {
    server = await startTestApp('pglite');
  });
  afterAll(async () => server?.close());

  it('answers 429 in the API shape once an address has asked for codes ten times', async () => {
    const resend = () => server.api('resendverifiedEmailCode', undefined, { email: 'eager@codes.test' });
    for (let attempt = 0; attempt < 10; attempt++) expect((await resend()).status).toBe(200);
    expect(await resend()).toEqual({
      status: 429,
      body: { message: 'Too many attempts; please try again in a few minutes.' },
    });
  });
});
