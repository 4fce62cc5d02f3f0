/**
 * A product route: its address with optional parameters, and the page
 * document it renders, layouts/<layout>.json. With `stored`, that document is
 * the template of a page the organisation keeps (its dashboards), and the
 * route shows the organisation's page.
 */
export interface ProductRoute {
  path: string;
  layout: string;
  stored?: true;
}

/** Pages for signed-in users: every product route of spec §2. Plain data, so tests can visit each page without the router. */
export const PRODUCT_ROUTES: readonly ProductRoute[] = [
  { path: '/sites/:entityId?/:parentId?', layout: 'sites' },
  { path: '/assets', layout: 'assets' },
  { path: '/devices/all/:dpName?/:fname?/:id?', layout: 'devices/all' },
  { path: '/devices/onboard', layout: 'devices/onboard' },
  // The same screen as onboarding a device (spec §2).
  { path: '/data/integration/:dpName?/:fname?/:id?', layout: 'devices/onboard' },
  { path: '/data/explorer', layout: 'data/explorer' },
  { path: '/data/machinelearning', layout: 'data/machinelearning' },
  { path: '/control/logicbuilder', layout: 'control/logicbuilder' },
  { path: '/reports/entities', layout: 'reports/entities' },
  { path: '/reports/all', layout: 'reports/all' },
  { path: '/users/:inviteToken?', layout: 'users' },
  { path: '/organisation', layout: 'organisation' },
  { path: '/tariffs', layout: 'tariffs' },
  { path: '/billing', layout: 'billing' },
  { path: '/floorplan', layout: 'floorplan' },
  { path: '/dashboards', layout: 'dashboards' },
  { path: '/dashboard', layout: 'dashboard', stored: true },
  ...['alpha', 'beta', 'gamma', 'dash'].map((variant) => ({
    path: `/dashboard/${variant}`,
    layout: `dashboard/${variant}`,
    stored: true as const,
  })),
];
