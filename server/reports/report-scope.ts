/** What a report covers: sites (with everything under them), or chosen data points. */
export type ReportScope =
  | { kind: 'sites'; siteIds: number[] }
  | { kind: 'dataPoints'; dataPointIds: number[] };
