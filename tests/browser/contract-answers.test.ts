import { describe, expect, it } from 'vitest';
import { contractNamed } from '../../server/http/contracts';
import { contractBreaches } from './contract-answers';

const JSON_TYPE = 'application/json; charset=utf-8';

/** The sites contract's own example answer: a list of sites, each with its entity and entityCount. */
function sitesExample(): { sites: Record<string, unknown>[] } {
  const [example] = contractNamed('sites').response.examples as { sites: Record<string, unknown>[] }[];
  return structuredClone(example as { sites: Record<string, unknown>[] });
}

describe("the e2e watcher's contract check", () => {
  it('passes an answer that keeps its contract', () => {
    expect(contractBreaches('sites', JSON_TYPE, JSON.stringify(sitesExample()))).toEqual([]);
  });

  it('names the place of a required field an answer left out', () => {
    const answer = sitesExample();
    for (const site of answer.sites) delete site.entityCount;
    expect(contractBreaches('sites', JSON_TYPE, JSON.stringify(answer))).toContain(
      "/sites/0 must have required property 'entityCount'",
    );
  });

  it('names a field of the wrong type, which the server would have coerced', () => {
    const answer = sitesExample();
    (answer.sites[0] as Record<string, unknown>).entityCount = '3';
    expect(contractBreaches('sites', JSON_TYPE, JSON.stringify(answer))).toEqual([
      '/sites/0/entityCount must be integer',
    ]);
  });

  it('says when a JSON answer is not JSON at all', () => {
    expect(contractBreaches('sites', JSON_TYPE, '{"sites": [')).toEqual([
      expect.stringMatching(/^the body is not JSON: /),
    ]);
  });

  it('leaves answers that are not JSON, such as exports, to their status', () => {
    expect(contractBreaches('sites', 'text/csv; charset=utf-8', 'name,value\n')).toEqual([]);
  });
});
