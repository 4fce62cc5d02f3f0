import type { HttpHandler } from 'msw';
import type { EndpointName } from '../../src/generated/api-contracts';
import { requestExamples, responseExamples } from '../../src/generated/api-examples';
import { answer } from './answers';

/**
 * Every endpoint answering with its contract's examples: the organisation the
 * gallery shows, and what a test gets for an endpoint it does not set itself.
 */
export function exampleHandlers(): HttpHandler[] {
  return (Object.keys(responseExamples) as EndpointName[]).map((name) =>
    answer(name, (request) => exampleAnswer(name, request) as never),
  );
}

/**
 * The response example whose paired request example (same index, api-examples.ts)
 * is most like the request made: a usage ranking for a ranking, the week's hours
 * for an hour-of-week request; the first example when none is paired.
 */
export function exampleAnswer(name: EndpointName, request: object): unknown {
  const responses = responseExamples[name];
  const requests = requestExamples[name];
  if (requests.length !== responses.length) return responses[0];
  let best = 0;
  let bestScore = -1;
  requests.forEach((example, index) => {
    const score = likeness(example as Record<string, unknown>, request as Record<string, unknown>);
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return responses[best];
}

/** How many of an example request's fields the request has with the same value, less the ones it lacks. */
function likeness(example: Record<string, unknown>, request: Record<string, unknown>): number {
  return Object.entries(example).reduce((score, [key, value]) => {
    if (!(key in request)) return score - 1;
    return JSON.stringify(request[key]) === JSON.stringify(value) ? score + 1 : score;
  }, 0);
}
