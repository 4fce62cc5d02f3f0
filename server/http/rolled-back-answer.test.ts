import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { installApiErrorHandler } from './api-plugin';

/** A route that fails as a query PostgreSQL ended does: an Error with the server's code. */
async function answerTo(code: string) {
  const app = Fastify({ logger: false });
  installApiErrorHandler(app, []);
  app.get('/api/fails', async () => {
    throw Object.assign(new Error(`the database said ${code}`), { code });
  });
  try {
    return await app.inject({ method: 'GET', url: '/api/fails' });
  } finally {
    await app.close();
  }
}

describe('a request whose transaction the database rolled back to let another through', () => {
  it.each(['40P01', '40001'])(
    'is answered %s → 503, saying nothing changed and to try again in a second',
    async (code) => {
      const answer = await answerTo(code);
      expect(answer.statusCode).toBe(503);
      expect(answer.headers['retry-after']).toBe('1');
      expect(answer.json()).toEqual({
        message:
          'Another change to the same data was being saved at the same moment, so nothing was changed. Please try again.',
      });
    },
  );

  it('is told apart from a failure of ours, which stays 500 without its internals', async () => {
    const answer = await answerTo('42P01');
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
  });
});
