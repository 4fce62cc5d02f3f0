import type { PrintRequest, ReportPrinter } from './print-report';

/** A report's layout of one text card: enough to print, with nothing of its own to fail. */
export const TEXT_REPORT = {
  schemaVersion: 2,
  id: 'reports/printed',
  title: 'Printed',
  rows: [
    {
      key: 'summary',
      columns: [
        {
          key: 'text',
          span: { base: 12 },
          cards: [{ key: 'intro', widgets: [{ key: 'intro', name: 'text', data: { body: 'Energy.' } }] }],
        },
      ],
    },
  ],
};

/** What the printer stand-in hands back for a page: the smallest file that reads as a PDF. */
export const A_PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Page >> endobj\n%%EOF\n');

/** What a printer stand-in does with a page: print it, or fail as Chromium can. */
export type Printing = (request: PrintRequest) => Promise<{ pdf: Buffer; pages: number }>;

/** A printer in Chromium's place: it records what it was asked to print and does as `printing` says. */
export function standInPrinter(printing: () => Printing): {
  printer: ReportPrinter;
  printed: PrintRequest[];
} {
  const printed: PrintRequest[] = [];
  return {
    printed,
    printer: {
      print: async (request) => {
        printed.push(request);
        return printing()(request);
      },
      close: async () => {},
    },
  };
}
