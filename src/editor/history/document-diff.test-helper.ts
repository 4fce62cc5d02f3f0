// Type aliases, not interfaces: a document passes where the API's `{ [k: string]: unknown }` is asked.
type Widget = { key: string; name: string; data: Record<string, unknown> };
type Card = { key: string; title?: string; widgets: Widget[] };
type Column = { key: string; span: number | Record<string, number>; cards: Card[] };
export type EnergyPage = {
  schemaVersion: number;
  id: string;
  title: string;
  rows: { key: string; columns: Column[] }[];
};

/** A small energy page in the layout format: two rows, columns with cards, widgets with props. */
export function energyPage(): EnergyPage {
  return {
    schemaVersion: 2,
    id: 'energy/overview',
    title: 'Energy overview',
    rows: [
      {
        key: 'figures',
        columns: [
          {
            key: 'electricity',
            span: { base: 12, md: 6 },
            cards: [
              {
                key: 'electricity',
                title: 'Electricity',
                widgets: [
                  {
                    key: 'kwh',
                    name: 'stat',
                    data: { label: 'This month', value: 48210, unit: 'kWh', precision: 0 },
                  },
                ],
              },
              { key: 'peak', title: 'Peak', widgets: [] },
            ],
          },
          { key: 'gas', span: 6, cards: [{ key: 'gas', widgets: [] }] },
          { key: 'water', span: 6, cards: [] },
        ],
      },
      {
        key: 'charts',
        columns: [
          {
            key: 'usage',
            span: 12,
            cards: [
              {
                key: 'bars',
                widgets: [
                  {
                    key: 'by-site',
                    name: 'bar-chart',
                    data: {
                      bars: [
                        { label: 'London', values: [1] },
                        { label: 'Paris', values: [2] },
                      ],
                    },
                  },
                ],
              },
            ],
          },
        ],
      },
    ],
  };
}

/** The page after `edit`, the original left as it was. */
export function edited(edit: (page: EnergyPage) => void): EnergyPage {
  const page = energyPage();
  edit(page);
  return page;
}
