// The architecture, checked: `npm run lint:deps` (and `npm test`) fails when an import crosses one of
// these lines, and prints the rule's comment, which says why the arrow is forbidden.
// README.md ("Layering") lists the rules.
//
// Parsing: TypeScript 7 has no compiler API, so dependency-cruiser parses with swc (@swc/core);
// scripts/dependency-cruiser/swc-parser.cjs makes that work for .tsx and for Vite's import.meta.glob.
// What counts as a dependency:
// - `import type` is an ordinary edge. A type is part of a module's design, so a layer that may not
//   import another may not import its types either. (dependency-cruiser 17 with swc cannot tell
//   type-only imports apart, so no rule here could exempt them anyway; see no-circular.)
// - `import()` is an ordinary edge: code loaded lazily is still code this module depends on.
// - `import.meta.glob('<pattern>')` is read as an `import()` of each file it matches today
//   (widgets/registry.ts reaches every widgets/<name>/index.tsx this way).
require('./scripts/dependency-cruiser/swc-parser.cjs');

/** Tests and what only tests use: no product code may depend on them. */
const TEST_CODE = [
  '\\.test\\.tsx?$',
  '\\.test-helper\\.tsx?$',
  '^tests/',
  // Test support named before the *.test-helper.ts convention:
  '^server/test-app\\.ts$',
  '^server/db/test-database\\.ts$',
  '^server/imports/kill-during-import\\.child\\.ts$',
  '^widgets/data-explorer/test-fixtures\\.ts$',
];

/** Folders of server/ that are shared layers, not domains. */
const SERVER_LAYERS = '(?:db|http|jobs|workers)';
/** server/<domain>/, the domain captured as $1. */
const SERVER_DOMAIN = `^server/(?!${SERVER_LAYERS}/)([^/]+)/`;

/**
 * The modules of each domain that other domains use today: each domain's public surface, for now.
 * A new arrow into another domain's internals fails until it goes through one of these (or the
 * target is added here, deliberately). The per-endpoint rewrite of the routes is to shrink this to
 * one public module per domain.
 */
const SERVER_DOMAIN_PUBLIC = [
  // alerts: making a rule, as a person does, which the demo's seeding does too; and the word that members
  // were notified, which live streams pass on to open screens
  '^server/alerts/(rules|notifications-changed)\\.ts$',
  // billing: a plan's limits and features, which every domain that adds what a plan counts checks
  '^server/billing/plan-limits\\.ts$',
  // datapoints: the place tree, the rules a data point's fields follow, deleting points with their readings,
  // which meters stand for a place (its main ones), and which point is a site's outdoor temperature, which
  // benchmarking's degree days and the forecasts' temperature model both read the weather from; and the word
  // that points were added, deleted or given other topics, which the MQTT subscriber's cache and a deletion
  // of places follow
  '^server/datapoints/(entity-tree|point-rules|delete-points|main-meters|outdoor-thermometers|points-changed)\\.ts$',
  // explorer: a virtual data point's formula, read, which tariffs price as the costs of the points it adds up
  '^server/explorer/virtual/formula\\.ts$',
  // explorer: a series request checked and exported as a file, which a report's run gives as the data behind it
  '^server/explorer/series-request\\.ts$',
  '^server/explorer/export-series\\.ts$',
  // explorer: data points' series as the explorer computes them (stored or virtual), which forecasts learn from
  '^server/explorer/point-series\\.ts$',
  // saved-views: a saved Data Explorer view, its checks, and the helpers labels, events and bookmarks share
  '^server/saved-views/(check-view|database-id|display-names|own-points|saved-views|time-span)\\.ts$',
  // identity: the embedded user pool, sign-up and password hashing
  '^server/identity/(user-pool|passwords|operations/sign-up)\\.ts$',
  // imports: the exact decimal reader, which REST pushes use too
  '^server/imports/parse/exact-decimal\\.ts$',
  // mail: the mailer, and quoting what people typed in a message
  '^server/mail/(mailer|mail-text)\\.ts$',
  // pages: the dashboards a new organisation is given from the templates
  '^server/pages/starter-pages\\.ts$',
  // pages: a layout document checked as the pages' own are, which reports store too
  '^server/pages/checked-document\\.ts$',
  // organisations: who belongs where
  '^server/organisations/membership\\.ts$',
  // readings: the one way readings are written (readings-writer.ts: every source goes through it, and nothing
  // outside server/readings reaches below it), its rollups, the stored hours, a batch's repeated instants,
  // what writes flagged, the per-point write lock a deletion takes too, where spread steps book use, and how
  // every query finds a point's rows in the readings tables (by organisation first: point-key.ts)
  '^server/readings/(readings-writer|rollups|stored-hours|repeated-instants|flagged-steps|point-lock|spread-use|point-key)\\.ts$',
  // tariffs: a point's consumption and its cost by local hour, day or month (the local calendar they are read by),
  // and whether a tariff prices it, which alert budgets judge as the tariffs' screens show them
  '^server/tariffs/(point-costs|stored-consumption|local-calendar)\\.ts$',
  // forecast: a data point's kept forecast, which rules compare an hour's use with
  '^server/forecast/kept-forecast\\.ts$',
  // live: the latest reading of each point, which a live stream's snapshot and a floor plan both show
  '^server/live/latest-readings\\.ts$',
  // storage: object storage and stored images
  '^server/storage/(object-storage|images)\\.ts$',
];

/**
 * The folders of src/, lowest layer first: each imports only from its own
 * folder and the folders before it here (rule src-folders-in-layers).
 */
const SRC_LAYERS = [
  'time',
  'rules',
  'reports',
  'theme',
  'i18n',
  'api',
  'data',
  'engine',
  'ui',
  'session',
  'auth',
  'settings',
  'layouts',
  'editor',
  'shell',
  'app',
];

/** One rule, src-folders-in-layers, for each layer of SRC_LAYERS, and one for a folder not yet among them. */
function srcLayerRules() {
  const rule = {
    name: 'src-folders-in-layers',
    severity: 'error',
    comment:
      `The folders of src/ stand in layers, lowest first: ${SRC_LAYERS.join(', ')} (SRC_LAYERS in ` +
      '.dependency-cruiser.cjs). A folder imports from itself and the folders below it, never from one ' +
      'above, so no two folders import each other and each can be read, tested and changed with only ' +
      'what is below it. What a lower folder needs from a higher one moves down, into the lower folder ' +
      'or a module of its own there. A new folder of src/ takes its place in SRC_LAYERS. Outside the ' +
      'order: src/generated, which the generator writes on both sides of src/api and ' +
      "src/engine/validation, and a folder's words (its locales, JSON), which src/i18n gathers from " +
      'every folder; tests, which compose what they test.',
  };
  const outsideTheOrder = ['^src/generated/', '\\.json$'];
  return [
    ...SRC_LAYERS.map((layer, index) => ({
      ...rule,
      from: { path: `^src/${layer}/`, pathNot: TEST_CODE },
      to: {
        path: '^src/[^/]+/',
        pathNot: [`^src/(${SRC_LAYERS.slice(0, index + 1).join('|')})/`, ...outsideTheOrder],
      },
    })),
    {
      ...rule,
      from: { path: `^src/((?!(?:${SRC_LAYERS.join('|')}|generated)/)[^/]+)/`, pathNot: TEST_CODE },
      to: { path: '^src/[^/]+/', pathNot: ['^src/$1/', ...outsideTheOrder] },
    },
  ];
}

module.exports = {
  forbidden: [
    ...srcLayerRules(),
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Modules in a circle cannot be read, tested or loaded apart, and which one initialises first ' +
        'depends on who imports the circle. Break it by moving what both need into a module of its ' +
        'own, lower down. Type-only imports count too: a circle of types is still two designs that ' +
        'cannot be understood apart, and moving the shared type down is cheap.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'widgets-not-to-app-or-shell',
      severity: 'error',
      comment:
        'A widget is drawn from its data and may sit in any page, the gallery or a test. src/app (router, ' +
        'frames, pages) and src/shell (the frame around pages) sit above the widgets and render them; ' +
        'a widget reaching up into them would tie it to one place in the app and close a circle.',
      from: { path: '^widgets/' },
      to: { path: '^src/(app|shell)/' },
    },
    {
      name: 'widgets-not-to-each-other',
      severity: 'error',
      comment:
        'A widget is its own plugin (schema, component, words, tests): it can change, move or go without ' +
        'another changing. What two widgets share lives in widgets/shared/ (the places map, the problem ' +
        "list, the chart series); a widget that needs another's whole view draws it from widgets/shared/ too. " +
        'A widget that changes data another shows says so through src/data (a mutation or a changed-hook ' +
        "invalidating the other's query), never by reaching into it.",
      from: { path: '^widgets/([^/]+)/', pathNot: TEST_CODE },
      to: { path: '^widgets/[^/]+/', pathNot: ['^widgets/$1/', '^widgets/shared/'] },
    },
    {
      name: 'engine-not-to-widgets',
      severity: 'error',
      comment:
        'The engine (parse, migrate, validate, render) knows no widget: the renderer is handed a ' +
        'WidgetRegistry (src/engine/render/widget-registry.tsx) through <WidgetRegistryProvider>, which ' +
        'src/app/providers.tsx fills from widgets/registry.ts. Widgets import the engine, never the reverse.',
      from: { path: '^src/engine/' },
      to: { path: '^widgets/' },
    },
    {
      name: 'widgets-only-from-the-composition-root',
      severity: 'error',
      comment:
        'Only src/app, the composition root, brings the widgets into the app, and only through ' +
        'widgets/registry.ts (the one place where widget names meet code). Everything else in src/ ' +
        'gets widgets from the registry it is handed (useWidgetRegistry), so it can be used and tested ' +
        'without them. A test is a composition root of its own and may import the widgets it tests with.',
      from: { path: '^src/', pathNot: ['^src/(app|engine)/', ...TEST_CODE] },
      to: { path: '^widgets/' },
    },
    {
      name: 'app-to-widgets-through-registry',
      severity: 'error',
      comment:
        'src/app reaches the widgets through widgets/registry.ts alone: a widget imported directly ' +
        'would be bundled into the app instead of loading as a chunk of its own, and would bypass the ' +
        'registry that pages, the gallery and tests share.',
      from: { path: '^src/app/', pathNot: TEST_CODE },
      to: { path: '^widgets/', pathNot: '^widgets/registry\\.ts$' },
    },
    {
      name: 'browser-not-to-server',
      severity: 'error',
      comment:
        'src/, widgets/ and the gallery run in the browser; server/ runs in Node with the database and ' +
        'secrets. The browser talks to the server over HTTP (src/api, with types generated from ' +
        'schemas/api into src/generated), never by importing it.',
      from: { path: '^(src|widgets|stories|\\.storybook)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-only-shared-src',
      severity: 'error',
      comment:
        'The server may use only the parts of src/ written to run in both places: src/generated (the ' +
        'API types and contracts generated from schemas/, not api-client.ts, which calls the API ' +
        'through the browser client in src/api), src/engine/validation (pure issue and message ' +
        'helpers), src/engine/load-layout.ts with src/engine/migrations and src/engine/widget-names.ts ' +
        '(parse, migrate and validate a layout: the server checks stored pages with the code the ' +
        'browser uses), src/auth/roles.ts (the order of roles, which the server enforces and the ' +
        "screens follow), src/layouts/template-page.ts (which page stands at a template's address, " +
        'which the server gives a new organisation), src/time (civil time and time zones: the ' +
        'browser asks for the same local days and months the server prices and rolls up by) and ' +
        'src/rules (what makes a flow whole: the logic builder shows what the server refuses) and ' +
        'src/reports (when a report runs and what period it covers: the schedule form shows the runs the server makes). ' +
        'Anything else in src/ is browser code (React, the session, fetch).',
      from: { path: '^server/' },
      to: {
        path: '^src/',
        pathNot: [
          '^src/generated/(?!api-client\\.ts$)',
          '^src/engine/(validation/|migrations/|load-layout\\.ts$|widget-names\\.ts$)',
          '^src/auth/roles\\.ts$',
          '^src/layouts/template-page\\.ts$',
          '^src/time/',
          '^src/rules/',
          '^src/reports/',
        ],
      },
    },
    {
      name: 'shared-src-stays-portable',
      severity: 'error',
      comment:
        'src/generated, src/engine/validation, src/engine/migrations, src/engine/load-layout.ts, ' +
        'src/engine/widget-names.ts, src/auth/roles.ts, src/layouts/template-page.ts, src/time, src/rules and src/reports are ' +
        'imported by the server as well as the browser (see ' +
        'server-only-shared-src), so they import nothing from the rest of src/ and no UI library: ' +
        'whatever they pull in, the server pulls in too. The browser API client ' +
        '(src/generated/api-client.ts) is the one exception, and the server may not import it.',
      from: {
        path: [
          '^src/(generated|engine/validation|engine/migrations)/',
          '^src/engine/(load-layout|widget-names)\\.ts$',
          '^src/auth/roles\\.ts$',
          '^src/layouts/template-page\\.ts$',
          '^src/time/',
          '^src/rules/',
          '^src/reports/',
        ],
        pathNot: ['^src/generated/api-client\\.ts$', ...TEST_CODE],
      },
      to: {
        path: [
          '^src/(?!generated/|engine/(validation|migrations)/|engine/(load-layout|widget-names)\\.ts$|auth/roles\\.ts$|layouts/template-page\\.ts$|time/|rules/|reports/)',
          '(^|/)node_modules/(react|react-dom|@chakra-ui/[^/]+|@emotion/[^/]+|jotai|aws-amplify)/',
        ],
      },
    },
    {
      name: 'server-domains-through-public-modules',
      severity: 'error',
      comment:
        'A server domain (server/<domain>/) uses another only through the modules that domain offers ' +
        'to others (the allow-list SERVER_DOMAIN_PUBLIC in .dependency-cruiser.cjs), so each domain ' +
        'can change its insides alone. Use one of those, or add the module there on purpose. The shared ' +
        'layers (db, http, time, workers) are not domains; tests may set up data through any domain.',
      from: { path: SERVER_DOMAIN, pathNot: TEST_CODE },
      to: {
        path: `^server/(?!${SERVER_LAYERS}/)[^/]+/`,
        pathNot: ['^server/$1/', ...SERVER_DOMAIN_PUBLIC],
      },
    },
    {
      name: 'server-layers-not-to-domains',
      severity: 'error',
      comment:
        'server/db (the connection, COPY, migrations, table types), ' +
        'server/jobs (the one job runner) and server/http (contracts, registering handlers, checking ' +
        'callers, errors) are the layers the domains stand on: they know no domain, nor the composition ' +
        'root above them (app.ts, main.ts), so any domain can use them without a circle. What a layer ' +
        'needs from a domain it defines as an interface, and the domain hands it over in app.ts: a ' +
        "domain defines its jobs for the runner; identity's token check, the REST integration's API " +
        "keys and billing's plan features are server/http's CallerGuards; what a domain's handlers are " +
        "handed is added to ApiContext from the domain's own api-context.ts. What a lower layer needs " +
        'from a domain and cannot be handed belongs in the layer.',
      from: { path: '^server/(db|jobs|http)/', pathNot: TEST_CODE },
      to: { path: [`^server/(?!${SERVER_LAYERS}/)[^/]+/`, '^server/[^/]+\\.ts$'] },
    },
    {
      name: 'server-pages-not-to-organisations',
      severity: 'error',
      comment:
        'An organisation is given its dashboards in the transaction that makes it (organisations calls ' +
        'pages/starter-pages.ts), so pages sit below organisations and know nothing of them: an arrow back ' +
        'would make the two domains a circle that can be neither changed nor tested apart. What both need ' +
        '(ownedOrNotFound) lives in server/http.',
      from: { path: '^server/pages/', pathNot: TEST_CODE },
      to: { path: '^server/organisations/' },
    },
    {
      name: 'server-not-to-scripts-or-bench',
      severity: 'error',
      comment:
        'scripts/ (the generator) and bench/ (benchmarks) are tools run on a developer machine; the ' +
        'server must start without them. Code both need lives in server/ and the tools import it.',
      from: { path: '^server/' },
      to: { path: '^(scripts|bench)/' },
    },
    {
      name: 'no-test-code-in-product',
      severity: 'error',
      comment:
        'Tests and test helpers (*.test.ts(x), *.test-helper.ts, tests/, and the test support named in ' +
        'TEST_CODE) are not shipped and may change with any test: product code that imports them ' +
        'breaks when a test does, and drags test data into the app or the server. Benchmarks (bench/) ' +
        'and the test runner config drive the app as tests do and may use them; so does the widget ' +
        "gallery (stories/, .storybook/), whose API answers with the tests' fixtures and whose play " +
        'functions are tests.',
      from: { pathNot: [...TEST_CODE, '^bench/', '^vitest\\.config\\.ts$', '^stories/', '^\\.storybook/'] },
      to: { path: TEST_CODE },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        'An import that cannot be resolved is either broken or invisible to these rules; either way the ' +
        'check would pass without checking it.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    parser: 'swc',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['^(dist|storybook-static|coverage|data|\\.scratch)/', '^bench/results/'] },
    moduleSystems: ['es6', 'cjs'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      exportsFields: ['exports'],
      mainFields: ['module', 'main', 'types'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
