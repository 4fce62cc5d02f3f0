import { seededRandom } from '../../server/demo/seeded-random.ts';
import { dailySeries } from './daily-series.ts';

/**
 * The template's demo pages (spec §2, "Template demo routes") as layout
 * documents built from the widget catalogue, with data from a seeded
 * generator. Demo content only: it never mixes with product data.
 */

type Data = Record<string, unknown>;
type Widget = { key: string; name: string; data: Data };
type Span = number | Record<string, number>;
type Column = { key: string; span: Span; cards: { key: string; title?: string; widgets: Widget[] }[] };
type Row = { key: string; columns: Column[] };

const FOLDER = 'layouts/demo/template';
const DAY = 86_400_000;

let counter = 0;
const widget = (name: string, data: Data): Widget => ({ key: `${name}-${++counter}`, name, data });
const card = (title: string | undefined, widgets: Widget[], span: Span): Column => ({
  key: `c${++counter}`,
  span,
  cards: [{ key: `k${counter}`, ...(title ? { title } : {}), widgets }],
});
const row = (...columns: Column[]): Row => ({ key: `r${++counter}`, columns });

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function statsRow(random: () => number, labels: [string, string][]): Row {
  return row(
    ...labels.map(([label, unit]) =>
      card(
        undefined,
        [
          widget('stat', {
            label,
            value: round(random() * 9000 + 500, 0),
            unit,
            precision: 0,
            change: { percent: round(random() * 30 - 15, 1), period: 'vs last month' },
          }),
        ],
        { base: 12, sm: 6, lg: 3 },
      ),
    ),
  );
}

function lineChart(series: [number, number][], label: string, unit?: string): Widget {
  return widget('line-chart', {
    series: [{ id: label.toLowerCase().replace(/\W+/g, '-'), label, points: series }],
    ...(unit ? { unit } : {}),
  });
}

function monthlyBars(series: [number, number][], year: number): Widget {
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const bars = months.map((label, month) => {
    const values = series.filter(([time]) => {
      const date = new Date(time);
      return date.getUTCFullYear() === year && date.getUTCMonth() === month;
    });
    const average = values.reduce((sum, [, value]) => sum + value, 0) / Math.max(1, values.length);
    return { label, values: { average: round(average, 3) } };
  });
  return widget('bar-chart', { keys: ['average'], bars });
}

function table(columns: [string, string, string?][], rows: number, make: (index: number) => Data): Widget {
  return widget('table', {
    pageSize: 10,
    columns: columns.map(([key, title, format]) => ({ key, title, ...(format ? { format } : {}) })),
    rows: Array.from({ length: rows }, (_, index) => make(index)),
  });
}

const NAMES = [
  'Ada Lovelace',
  'Grace Hopper',
  'Alan Turing',
  'Katherine Johnson',
  'Edsger Dijkstra',
  'Barbara Liskov',
  'Donald Knuth',
  'Margaret Hamilton',
];
const PRODUCTS = [
  'Smart meter',
  'CO₂ sensor',
  'Gateway',
  'Thermostat',
  'Current clamp',
  'Pulse counter',
  'Water meter',
  'Occupancy sensor',
];

/** Line items and their total beside them: a cart, an invoice. */
function itemsWithTotal(
  random: () => number,
  options: {
    title: string;
    items: number;
    total: string;
    helpText?: string;
    action?: { label: string; href: string };
  },
): Row {
  const items = table(
    [
      ['product', 'Product'],
      ['quantity', 'Quantity', 'number'],
      ['amount', 'Amount (€)', 'number'],
    ],
    options.items,
    () => ({
      product: pick(random, PRODUCTS),
      quantity: 1 + Math.floor(random() * 10),
      amount: round(random() * 500 + 10),
    }),
  );
  const total = widget('stat', {
    label: options.total,
    value: round(random() * 3000 + 200),
    unit: '€',
    precision: 2,
    ...(options.helpText ? { helpText: options.helpText } : {}),
  });
  const action = options.action
    ? [widget('button-group', { buttons: [{ ...options.action, variant: 'solid' }] })]
    : [];
  return row(card(options.title, [items], 8), card('Total', [total, ...action], 4));
}

type Builder = (random: () => number, series: [number, number][]) => Row[];

const text = (heading: string, body: string, span: Span = 12) =>
  card(undefined, [widget('text', { heading, body })], span);
const listOf = (items: string[], href?: (item: string) => string) =>
  widget('list', { items: items.map((title) => ({ title, ...(href ? { href: href(title) } : {}) })) });

const index =
  (title: string, base: string, pages: string[]): Builder =>
  () => [
    row(
      text(title, 'Demo pages of the admin template, rendered from layouts like every page of Insights.', {
        base: 12,
        lg: 4,
      }),
      card(
        'Pages',
        [
          listOf(
            pages.map((page) => page),
            (page) => `${base}/${page}`,
          ),
        ],
        { base: 12, lg: 8 },
      ),
    ),
  ];

const chartsPage: Builder = (random, series) => {
  const lastYear = series.filter(([time]) => new Date(time).getUTCFullYear() === 2018);
  return [
    row(
      card('Daily series, 2018', [lineChart(lastYear, 'Daily value')], { base: 12, lg: 8 }),
      card(
        'Share',
        [
          widget('pie-chart', {
            donut: true,
            slices: ['North', 'South', 'East', 'West'].map((id) => ({
              id,
              value: round(random() * 100 + 10, 0),
            })),
          }),
        ],
        { base: 12, lg: 4 },
      ),
    ),
    row(
      card('Monthly average, 2018', [monthlyBars(series, 2018)], 6),
      card('Monthly average, 2017', [monthlyBars(series, 2017)], 6),
    ),
  ];
};

const tablePage: Builder = (random) => [
  row(
    card(
      'People',
      [
        table(
          [
            ['name', 'Name'],
            ['role', 'Role'],
            ['joined', 'Joined', 'date'],
            ['score', 'Score', 'number'],
          ],
          40,
          (index) => ({
            name: `${pick(random, NAMES)} ${index + 1}`,
            role: pick(random, ['Engineer', 'Manager', 'Analyst', 'Technician']),
            joined: Date.UTC(
              2015 + Math.floor(random() * 10),
              Math.floor(random() * 12),
              1 + Math.floor(random() * 28),
            ),
            score: round(random() * 100, 1),
          }),
        ),
      ],
      12,
    ),
  ),
];

const widthsPage: Builder = () =>
  [3, 4, 6, 8, 9, 12].map((width) =>
    row(
      card(
        `span ${width}`,
        [widget('text', { body: `This column takes ${width} of 12 columns from the md breakpoint up.` })],
        width,
      ),
      ...(width < 12
        ? [
            card(
              `span ${12 - width === 5 ? 6 : 12 - width}`,
              [widget('text', { body: 'Its neighbour.' })],
              12 - width === 5 ? 6 : ((12 - width) as number),
            ),
          ]
        : []),
    ),
  );

const PAGES: Record<string, [string, Builder]> = {
  apps: ['Apps', index('Apps', '/apps', ['profile', 'calendar', 'gallery', 'messaging', 'mail'])],
  'apps/profile': [
    'Profile',
    (random) => [
      statsRow(random, [
        ['Projects', ''],
        ['Followers', ''],
        ['Commits', ''],
        ['Reviews', ''],
      ]),
      row(
        text(
          'About',
          'Energy engineer looking after five sites.\n\nLikes clean data and tidy dashboards.',
          4,
        ),
        card(
          'Recent activity',
          [
            listOf([
              'Imported March meter files',
              'Added the warehouse gateway',
              'Shared the monthly report',
            ]),
          ],
          8,
        ),
      ),
    ],
  ],
  'apps/calendar': [
    'Calendar',
    (random) => [
      row(
        card(
          'Events',
          [
            table(
              [
                ['date', 'Date', 'date'],
                ['event', 'Event'],
              ],
              20,
              (index) => ({
                date: Date.UTC(2026, 10, 1 + index),
                event: pick(random, ['Meter reading', 'Site visit', 'Tariff review', 'Audit']),
              }),
            ),
          ],
          12,
        ),
      ),
    ],
  ],
  'apps/gallery': [
    'Gallery',
    () => [
      row(
        ...[1, 2, 3].map((index) =>
          card(
            `Floor ${index}`,
            [
              widget('image', {
                src: '/images/sample-floorplan.svg',
                alt: `Floor plan ${index}`,
                fit: 'contain',
                height: 180,
              }),
            ],
            { base: 12, md: 4 },
          ),
        ),
      ),
    ],
  ],
  'apps/messaging': [
    'Messaging',
    (random) => [
      row(
        card(
          'Conversations',
          [
            widget('list', {
              items: NAMES.slice(0, 6).map((name) => ({
                title: name,
                description: pick(random, [
                  'See you at the site visit',
                  'The meter file is uploaded',
                  'Can you check the gateway?',
                ]),
              })),
            }),
          ],
          12,
        ),
      ),
    ],
  ],
  'apps/mail': [
    'Mail',
    (random) => [
      row(
        card(
          'Inbox',
          [
            table(
              [
                ['from', 'From'],
                ['subject', 'Subject'],
                ['received', 'Received', 'datetime'],
              ],
              25,
              (index) => ({
                from: pick(random, NAMES),
                subject: pick(random, [
                  'Monthly report',
                  'Invoice',
                  'New data feed',
                  'Alert: gateway offline',
                ]),
                received: Date.UTC(2026, 10, 20) - index * 3_600_000 * 7,
              }),
            ),
          ],
          12,
        ),
      ),
    ],
  ],
  'extra-apps': [
    'Extra apps',
    index('Extra apps', '/extra-apps', [
      'github-explore',
      'github-discuss',
      'digitalocean-droplets',
      'digitalocean-create',
      'google-analytics',
      'wordpress-post',
      'wordpress-posts',
      'wordpress-add',
      'todoist-list',
      'jira-dashboard',
      'jira-agile-board',
      'helpdesk-dashboard',
    ]),
  ],
  ecommerce: [
    'Ecommerce',
    index('Ecommerce', '/ecommerce', ['dashboard', 'orders', 'product-catalog', 'product-details', 'cart']),
  ],
  'ecommerce/dashboard': [
    'Ecommerce dashboard',
    (random, series) => [
      statsRow(random, [
        ['Revenue', '€'],
        ['Orders', ''],
        ['Visitors', ''],
        ['Refunds', '€'],
      ]),
      ...chartsPage(random, series),
    ],
  ],
  'ecommerce/orders': [
    'Orders',
    (random) => [
      row(
        card(
          'Orders',
          [
            table(
              [
                ['order', 'Order'],
                ['customer', 'Customer'],
                ['total', 'Total (€)', 'number'],
                ['date', 'Date', 'date'],
              ],
              60,
              (index) => ({
                order: `#${10_400 + index}`,
                customer: pick(random, NAMES),
                total: round(random() * 900 + 20),
                date: Date.UTC(2026, 9, 1) + index * DAY,
              }),
            ),
          ],
          12,
        ),
      ),
    ],
  ],
  'ecommerce/product-catalog': [
    'Product catalog',
    (random) => [
      row(
        card(
          'Products',
          [
            widget('list', {
              items: PRODUCTS.map((title) => ({
                title,
                description: 'In stock',
                value: round(random() * 300 + 20),
                unit: '€',
                href: '/ecommerce/product-details',
              })),
            }),
          ],
          12,
        ),
      ),
    ],
  ],
  'ecommerce/product-details': [
    'Product details',
    (random) => [
      row(
        card(
          'Smart meter',
          [
            widget('image', {
              src: '/images/sample-floorplan.svg',
              alt: 'Product picture',
              fit: 'contain',
              height: 220,
            }),
          ],
          { base: 12, md: 6 },
        ),
        card(
          undefined,
          [
            widget('text', {
              heading: 'Smart meter',
              body: 'Three-phase, 15-minute intervals, MQTT and LoRaWAN.',
            }),
            widget('stat', { label: 'Price', value: round(random() * 200 + 100), unit: '€', precision: 2 }),
            widget('button-group', {
              buttons: [{ label: 'Add to cart', href: '/ecommerce/cart', variant: 'solid' }],
            }),
          ],
          { base: 12, md: 6 },
        ),
      ),
    ],
  ],
  'ecommerce/cart': [
    'Cart',
    (random) => [
      itemsWithTotal(random, {
        title: 'Your cart',
        items: 3,
        total: 'To pay',
        action: { label: 'Check out', href: '/ecommerce/orders' },
      }),
    ],
  ],
  'ui-kits/antd': [
    'UI kit: Ant Design',
    (random, series) => [
      statsRow(random, [
        ['One', ''],
        ['Two', ''],
        ['Three', ''],
        ['Four', ''],
      ]),
      ...chartsPage(random, series),
    ],
  ],
  'ui-kits/bootstrap': ['UI kit: Bootstrap', widthsPage],
  widgets: ['Widgets', index('Widgets', '/widgets', ['general', 'lists', 'tables', 'charts'])],
  'widgets/general': [
    'General widgets',
    (random) => [
      statsRow(random, [
        ['Sessions', ''],
        ['Signups', ''],
        ['Churn', '%'],
        ['NPS', ''],
      ]),
      row(
        card(
          'Progress',
          [
            widget('progress', {
              label: 'Quarterly target',
              value: round(random() * 100),
              unit: '%',
              tone: 'good',
            }),
          ],
          6,
        ),
        card(
          'States',
          [widget('state', { kind: 'empty', title: 'Nothing to show', description: 'An empty state.' })],
          6,
        ),
      ),
    ],
  ],
  'widgets/lists': [
    'List widgets',
    () => [
      row(
        card(
          'Ordered',
          [widget('list', { ordered: true, items: PRODUCTS.slice(0, 5).map((title) => ({ title })) })],
          6,
        ),
        card('With links', [listOf(['Apps', 'Charts', 'Tables'], (item) => `/${item.toLowerCase()}`)], 6),
      ),
    ],
  ],
  'widgets/tables': ['Table widgets', tablePage],
  'widgets/charts': ['Chart widgets', chartsPage],
  cards: ['Cards', index('Cards', '/cards', ['basic', 'tabbed'])],
  'cards/basic': [
    'Basic cards',
    () => [
      row(...[3, 3, 6].map((span, index) => text(`Card ${index + 1}`, `A card ${span} columns wide.`, span))),
      row(text('Wide card', 'Twelve columns wide.', 12)),
    ],
  ],
  'cards/tabbed': [
    'Tabbed cards',
    () => [
      row(
        text('First tab', 'Tabs arrive with the layout editor; until then each tab is its own card.', 4),
        text('Second tab', 'The same text, another card.', 4),
        text('Third tab', 'And a third.', 4),
      ),
    ],
  ],
  tables: ['Tables', index('Tables', '/tables', ['antd', 'bootstrap'])],
  'tables/antd': ['Tables: Ant Design', tablePage],
  'tables/bootstrap': ['Tables: Bootstrap', tablePage],
  charts: ['Charts', index('Charts', '/charts', ['chartistjs', 'chartjs', 'C3'])],
  'charts/chartistjs': ['Charts: Chartist', chartsPage],
  'charts/chartjs': [
    'Charts: Chart.js',
    (_random, series) => [
      row(card('The whole series, 2007 to 2018 (drawn on canvas)', [lineChart(series, 'Daily value')], 12)),
    ],
  ],
  'charts/C3': ['Charts: C3', chartsPage],
  icons: [
    'Icons',
    index('Icons', '/icons', ['feather-icons', 'fontawesome', 'linearicons-free', 'icomoon-free']),
  ],
  ...Object.fromEntries(
    ['feather-icons', 'fontawesome', 'linearicons-free', 'icomoon-free'].map((set) => [
      `icons/${set}`,
      [
        `Icons: ${set}`,
        () => [
          row(
            card(
              set,
              [
                listOf([
                  'activity',
                  'bar-chart',
                  'battery',
                  'cloud',
                  'cpu',
                  'droplet',
                  'sun',
                  'thermometer',
                  'wind',
                  'zap',
                ]),
              ],
              12,
            ),
          ),
        ],
      ] as [string, Builder],
    ]),
  ),
  'advanced/form-examples': [
    'Form examples',
    () => [
      row(
        text(
          'Forms',
          'Forms in Insights are widgets with a schema, like the sign-in and organisation forms.',
          6,
        ),
        card(
          'Examples',
          [
            listOf(
              ['Sign in', 'Create an account', 'Create an organisation'],
              (item) =>
                ({
                  'Sign in': '/auth/login',
                  'Create an account': '/auth/register',
                  'Create an organisation': '/organisation',
                })[item] ?? '/',
            ),
          ],
          6,
        ),
      ),
    ],
  ],
  'advanced/email-templates': [
    'Email templates',
    () => [
      row(
        text('Verification code', 'Your verification code is 123456.\n\nIt works for 24 hours.', 6),
        text(
          'Invitation',
          'Someone invites you to join an organisation on Insights.\n\nSign up with the link within 7 days.',
          6,
        ),
      ),
    ],
  ],
  'advanced/pricing-tables': [
    'Pricing tables',
    () => [
      row(
        ...[
          ['Professional', 'Sites, data feeds, explorer, reports'],
          ['Advanced', 'Everything, with tariffs and integrations'],
        ].map(([name, summary]) =>
          card(
            name,
            [
              widget('text', { body: summary as string }),
              widget('button-group', {
                buttons: [{ label: `Choose ${name}`, href: '/billing', variant: 'solid' }],
              }),
            ],
            6,
          ),
        ),
      ),
    ],
  ],
  'advanced/invoice': [
    'Invoice',
    (random) => [
      itemsWithTotal(random, {
        title: 'Invoice #2026-114',
        items: 5,
        total: 'Due',
        helpText: 'within 30 days',
      }),
    ],
  ],
  'advanced/utilities': [
    'Utilities',
    () => [
      row(
        text(
          'Utilities',
          'Spacing, visibility and text helpers of the template; here, layout spans do that work.',
          12,
        ),
      ),
    ],
  ],
  'advanced/grid': ['Grid', widthsPage],
  'advanced/typography': [
    'Typography',
    () => [
      row(
        card(
          undefined,
          [
            widget('text', {
              heading: 'Large text',
              body: 'The quick brown fox jumps over the lazy dog.',
              size: 'lg',
            }),
            widget('text', { body: 'Medium text: the quick brown fox jumps over the lazy dog.' }),
            widget('text', { body: 'Small, muted text.', size: 'sm', muted: true }),
          ],
          12,
        ),
      ),
    ],
  ],
  'advanced/colors': [
    'Colors',
    () => [
      row(
        card(
          'Palette',
          [
            widget('table', {
              columns: [
                { key: 'name', title: 'Name' },
                { key: 'hex', title: 'Hex' },
              ],
              rows: [
                ['Primary', '#4b7cf3'],
                ['Orange', '#f59f00'],
                ['Green', '#12b886'],
                ['Red', '#e8590c'],
                ['Violet', '#7048e8'],
              ].map(([name, hex]) => ({ name, hex })),
            }),
          ],
          12,
        ),
      ),
    ],
  ],
  nested: ['Nested', index('Nested', '/nested', ['1', '2'])],
  'nested/1': ['Nested 1', () => [row(text('Nested page 1', 'A page one level down.', 12))]],
  'nested/2': ['Nested 2', () => [row(text('Nested page 2', 'Another page one level down.', 12))]],
  'dashboard/crypto': [
    'Crypto dashboard',
    (random, series) => [
      statsRow(random, [
        ['BTC', '€'],
        ['ETH', '€'],
        ['Volume', '€'],
        ['Holders', ''],
      ]),
      row(
        card(
          'Price index, 2018',
          [
            lineChart(
              series
                .filter(([time]) => new Date(time).getUTCFullYear() === 2018)
                .map(([time, value]) => [time, round(value * 10_000, 0)]),
              'Index',
              '€',
            ),
          ],
          12,
        ),
      ),
    ],
  ],
};

for (const sub of [
  'github-explore',
  'github-discuss',
  'digitalocean-droplets',
  'digitalocean-create',
  'google-analytics',
  'wordpress-post',
  'wordpress-posts',
  'wordpress-add',
  'todoist-list',
  'jira-dashboard',
  'jira-agile-board',
  'helpdesk-dashboard',
]) {
  const title = sub
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  PAGES[`extra-apps/${sub}`] = [
    title,
    (random, series) => [
      statsRow(random, [
        ['Open', ''],
        ['Closed', ''],
        ['Visits', ''],
        ['Errors', ''],
      ]),
      ...tablePage(random, series),
    ],
  ];
}

/** Route path (without the leading '/') → layout file content, for every demo page. */
export function buildDemoLayouts(): Record<string, string> {
  const files: Record<string, string> = {};
  for (const [path, [title, build]] of Object.entries(PAGES)) {
    counter = 0;
    // Each page has its own seed, so adding a page leaves the others' data as it was.
    const seed = [...path].reduce(
      (hash, char) => Math.imul(hash ^ char.charCodeAt(0), 16_777_619) >>> 0,
      2_166_136_261,
    );
    const random = seededRandom(seed);
    const series = dailySeries(seededRandom(2007));
    const depth = path.split('/').length + 2;
    const document = {
      $schema: `${'../'.repeat(depth)}schemas/page.schema.json`,
      schemaVersion: 2,
      id: `demo/template/${path}`,
      title,
      description: 'Demo content from the admin template, with generated data.',
      rows: build(random, series),
    };
    files[`${FOLDER}/${path}.json`] = `${JSON.stringify(document, null, 2)}\n`;
  }
  return files;
}

export const DEMO_FOLDER = FOLDER;
