import { matchPath } from 'react-router-dom';
import { layoutPaths } from './layout-files';
import { PRODUCT_ROUTES } from './product-routes';

const DEMO_PREFIX = 'demo/template/';

/** The template's demo pages (spec §2), generated into layouts/demo/template/, each at its own path. */
export const DEMO_ROUTES: readonly { path: string; layout: string }[] = layoutPaths
  .filter((path) => path.startsWith(DEMO_PREFIX))
  .map((layout) => ({ path: `/${layout.slice(DEMO_PREFIX.length)}`, layout }));

/** One of the organisation's stored pages, and the layout editor on it. */
export const STORED_PAGE_PATH = '/dashboards/:pageId';
export const STORED_PAGE_EDITOR_PATH = '/dashboards/:pageId/edit';

/** The layout editor on one of the organisation's reports. */
export const REPORT_EDITOR_PATH = '/reports/:reportId/edit';

/** Pages reached by address alone, beside the product and demo pages. */
const TOOL_PATHS = ['/playground', '/layouts/*'];

/** Every signed-in page's route pattern. */
const PAGE_PATTERNS = [
  ...PRODUCT_ROUTES.map(({ path }) => path),
  ...DEMO_ROUTES.map(({ path }) => path),
  STORED_PAGE_PATH,
  STORED_PAGE_EDITOR_PATH,
  REPORT_EDITOR_PATH,
  ...TOOL_PATHS,
];

/**
 * Whether an address opens a signed-in page (and not the 404 page): the
 * breadcrumbs link a part of the address only when it is one.
 */
export function isPagePath(pathname: string): boolean {
  return routePatternOf(pathname) !== undefined;
}

/** The pattern of the signed-in page an address opens ("/sites/:entityId?/:parentId?"), if any. */
export function routePatternOf(pathname: string): string | undefined {
  return PAGE_PATTERNS.find((pattern) => matchPath(pattern, pathname) !== null);
}

/** Whether an address opens one of the template's demo pages, whose figures are made up. */
export function isDemoPath(pathname: string): boolean {
  return DEMO_ROUTES.some(({ path }) => matchPath(path, pathname) !== null);
}
