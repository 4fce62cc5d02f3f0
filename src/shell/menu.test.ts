import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import schema from '../../schemas/menu.schema.json';
import { menuFor } from './menu';
import menu from './menu.json';

describe('menu config', () => {
  it('follows schemas/menu.schema.json', () => {
    const ajv = new Ajv({ strict: true, allErrors: true });
    ajv.addFormat('date-time', /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/);
    const validate = ajv.compile(schema);
    expect(validate(menu), JSON.stringify(validate.errors)).toBe(true);
  });

  it("maps each entry to the route the spec's table gives, under the spec's headings, with the organisation's dashboards", () => {
    const links = Object.fromEntries(
      menuFor('admin')
        .filter((item) => !item.category)
        .map((item) => [item.title, item.url]),
    );
    expect(links).toEqual({
      Sites: '/reports/entities',
      // Not in the spec's table: the alerts and their rules, on the spec's logic builder page (issue 40).
      Alerts: '/control/logicbuilder',
      'Data Feeds': '/devices/all',
      'Data Explorer': '/data/explorer',
      'Floor Plan': '/floorplan',
      // Not in the spec's table: the organisation's own pages (issue 23 asks for the entry).
      Dashboards: '/dashboards',
      Reports: '/reports/all',
      Assets: '/sites',
      Users: '/users',
      Organisation: '/organisation',
      Billing: '/billing',
      Tariffs: '/tariffs',
    });
    expect(
      menuFor('admin')
        .filter((item) => item.category)
        .map((item) => item.title),
    ).toEqual(['Status', 'Integration', 'Data Studio', 'Reporting', 'Management']);
  });

  it('hides entries whose roles list lacks the role, and headings left empty', () => {
    const items = [
      { key: 'a', title: 'A', category: true },
      { key: 'a1', title: 'A1', url: '/a1', roles: ['auditor'] },
      { key: 'b', title: 'B', category: true },
      { key: 'b1', title: 'B1', url: '/b1' },
      { key: 'b2', title: 'B2', url: '/b2', roles: ['admin'] },
    ];
    expect(menuFor('admin', items).map((item) => item.key)).toEqual(['b', 'b1', 'b2']);
    expect(menuFor('auditor', items).map((item) => item.key)).toEqual(['a', 'a1', 'b', 'b1']);
  });
});
