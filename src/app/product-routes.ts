/**
 * Pages for signed-in users: every product route of spec §2, with its
 * optional parameters, and the page document (layouts/<layout>.json) it
 * renders. Plain data, so tests can visit each page without the router.
 */
export const PRODUCT_ROUTES: readonly { path: string; layout: string }[] = [
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
  { path: '/dashboard', layout: 'dashboard' },
  ...['alpha', 'beta', 'gamma', 'dash'].map((variant) => ({
    path: `/dashboard/${variant}`,
    layout: `dashboard/${variant}`,
  })),
];
