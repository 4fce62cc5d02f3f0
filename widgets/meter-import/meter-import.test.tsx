import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type HttpHandler, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  DataPoint,
  GetDataImportResponse,
  GetUserDataImportResponse,
  ImportTemplatesResponse,
  MeterfilesResponse,
} from '../../src/generated/api-types';
import { answer, failWith } from '../../tests/api/answers';
import { routeOf } from '../../tests/api/endpoint-routes';
import { callsTo, useApi } from '../../tests/api/test-server';
import { resetSession, signInToSession } from '../../tests/fixtures/current-user';
import { renderInApp } from '../../tests/render';
import { ImportStep } from './import-step';
import MeterImport from './index';
import { guessDecimal, guessFormat, guessMapping, guessUnit } from './mapping';
import { MappingTemplates } from './mapping-templates';

// An editor, the lowest role that may import; the tests of a viewer sign in as one.
beforeEach(() => {
  signInToSession({ role: 'editor' });
});
afterEach(() => {
  vi.clearAllMocks();
  resetSession();
});

const uploaded: MeterfilesResponse = {
  fileId: 42,
  fileName: 'readings.csv',
  format: 'csv',
  bytes: 120,
  delimiter: ';',
  headers: ['Meter', 'Reading time', 'kWh', 'Quality'],
  sampleRows: [
    ['Main meter', '31/03/2024 01:00:00', '1,5', ''],
    ['Main meter', '31/03/2024 02:30:00', '2,25', 'E'],
    ['Main meter', '31/03/2024 03:00:00', 'abc', ''],
  ],
};

const point: DataPoint = {
  id: 7,
  name: 'Main meter',
  intent: 'electricity',
  unit: 'kWh',
  kind: 'interval',
  source: 'csv',
  intervalMinutes: 30,
  registerMax: null,
  mqttTopic: null,
  entityId: 3,
  entityName: 'Plant room',
  entityPath: ['Head office', 'Plant room'],
  siteId: 1,
  timeZone: 'Europe/London',
  lastValue: null,
  lastSeen: null,
  coverage: 0,
  readings: 0,
  openSteps: 0,
  createdAt: '2026-01-01T00:00:00Z',
};

const dryRun: GetDataImportResponse = {
  rowsTotal: 3,
  rowsValid: 2,
  preview: [
    {
      row: 2,
      dataPointId: 7,
      dataPointName: 'Main meter',
      ts: '2024-03-31T00:00:00.000Z',
      value: 1.5,
      decimals: 1,
      unit: 'kWh',
      estimated: false,
    },
    {
      row: 3,
      dataPointId: 7,
      dataPointName: 'Main meter',
      ts: '2024-03-31T01:30:00.000Z',
      value: 2.25,
      decimals: 2,
      unit: 'kWh',
      estimated: true,
    },
  ],
  dataPoints: [
    {
      id: 7,
      name: 'Main meter',
      rows: 2,
      from: '2024-03-31T00:00:00.000Z',
      to: '2024-03-31T01:30:00.000Z',
      timeZone: 'Europe/London',
    },
  ],
  problems: [{ row: 4, column: 'kWh', reason: "'abc' is not a number" }],
  problemsTotal: 1,
};

type ImportRecord = GetUserDataImportResponse['imports'][number];

const importRecord = (changes: Partial<ImportRecord>): ImportRecord => ({
  id: 9,
  fileId: 42,
  fileName: 'readings.csv',
  source: 'csv',
  status: 'running',
  skipBadRows: true,
  rowsTotal: 3,
  rowsImported: 0,
  rowsSkipped: 0,
  progress: 0,
  problems: [],
  message: null,
  suspiciousSteps: { count: 0, first: null },
  startedAt: '2026-11-20T10:00:00Z',
  finishedAt: null,
  ...changes,
});

function chooseFile(name = 'readings.csv', type = '') {
  const file = new File(['Meter;Reading time;kWh;Quality\n'], name, { type });
  fireEvent.change(screen.getByLabelText('Meter file (CSV or XLSX)'), { target: { files: [file] } });
}

/**
 * The content type of each upload, read off the request: the contract's request is the query alone (the
 * body is the file), and the server takes the format from this header. Answers nothing itself.
 */
function uploadTypes(): { handler: HttpHandler; types: string[] } {
  const types: string[] = [];
  const handler = http.post(routeOf('meterfiles'), ({ request }) => {
    types.push(request.headers.get('content-type') ?? '');
  });
  return { handler, types };
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement | HTMLSelectElement;
/** The one-data-point picker; the fieldset around it is called "Data point" too. */
const pointPicker = () => screen.getByRole('combobox', { name: /^Data point\W*$/ }) as HTMLSelectElement;

/** A saved template: every row to data point 7, in Wh, timed in New York. */
const singleMeter: ImportTemplatesResponse['templates'][number] = {
  id: 5,
  name: 'Single meter',
  mapping: {
    timestamp: { column: 'Reading time', format: 'iso', timeZone: 'America/New_York' },
    value: { column: 'kWh', unit: 'Wh' },
    dataPoint: { id: 7 },
  },
  updatedAt: '2026-11-20T10:00:00Z',
};

// Whole flows through several screens; happy-dom is slow when the machine is busy.
const FLOW_TIMEOUT = 20_000;

describe('meter import', () => {
  it('offers an editor the wizard from its first step', () => {
    renderInApp(<MeterImport data={{}} />);
    expect(screen.getByText('Step 1 of 4: Choose a file')).toBeTruthy();
    expect(screen.getByLabelText('Meter file (CSV or XLSX)')).toBeTruthy();
    expect(screen.queryByText(/Editors of your organisation import files/)).toBeNull();
  });

  it('tells a viewer whom to ask, and offers no step of the wizard', () => {
    signInToSession({ role: 'viewer' });
    renderInApp(<MeterImport data={{ heading: 'Upload readings' }} />);
    expect(screen.getByRole('heading', { name: 'Upload readings' })).toBeTruthy();
    expect(
      screen.getByText(/Editors of your organisation import files; ask one if you have readings to add\./),
    ).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Import steps' })).toBeNull();
    expect(screen.queryByLabelText('Meter file (CSV or XLSX)')).toBeNull();
  });

  it('offers deleting a chosen template only to a role that may', async () => {
    useApi(answer('importTemplates', { templates: [singleMeter] }));
    const templates = (
      <MappingTemplates
        upload={uploaded}
        draft={guessMapping(uploaded)}
        onApply={() => {}}
        onInvalid={() => {}}
      />
    );
    const chooseTemplate = async () => {
      const select = await screen.findByLabelText(/^Use a saved template/);
      await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
      fireEvent.change(select, { target: { value: '5' } });
    };
    const { unmount } = renderInApp(templates);
    await chooseTemplate();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy();
    unmount();

    signInToSession({ role: 'viewer' });
    renderInApp(templates);
    await chooseTemplate();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it(
    'uploads, guesses the mapping, shows the dry run with its problems, imports with progress and says how it ended',
    async () => {
      let polls = 0;
      const uploads = uploadTypes();
      const calls = useApi(
        uploads.handler,
        answer('meterfiles', uploaded),
        answer('getDataPoint', { dataPoints: [point] }),
        answer('importTemplates', { templates: [] }),
        answer('getDataImport', dryRun),
        answer('dataImport', importRecord({})),
        answer('getUserDataImport', () => {
          polls++;
          return {
            imports: [
              polls === 1
                ? importRecord({ progress: 2 / 3, rowsRead: 2, rowsImported: 1 })
                : importRecord({
                    status: 'done',
                    progress: 1,
                    rowsImported: 2,
                    rowsSkipped: 1,
                    problems: dryRun.problems,
                    message: 'Imported 2 readings into 1 data point; 1 bad row skipped.',
                    finishedAt: '2026-11-20T10:00:02Z',
                  }),
            ],
          };
        }),
      );
      renderInApp(<MeterImport data={{}} />);
      expect(screen.getByText('Step 1 of 4: Choose a file')).toBeTruthy();

      // 1. Upload: the file's bytes as the body, with a content type the server accepts.
      chooseFile();
      expect(await screen.findByText('Step 2 of 4: Map the columns')).toBeTruthy();
      expect(callsTo(calls, 'meterfiles').map((call) => call.request)).toEqual([{ name: 'readings.csv' }]);
      expect(uploads.types).toEqual(['text/csv']);
      expect(screen.getByText('Map the columns', { selector: '[aria-current="step"] *' })).toBeTruthy();

      // 2. Mapping: defaults guessed from the headers and the first rows.
      expect(field(/^Timestamp column/).value).toBe('Reading time');
      expect(field(/^Time format/).value).toBe('DD/MM/YYYY HH:mm:ss');
      expect(field(/^Value column/).value).toBe('kWh');
      expect(field(/^Unit of the values/).value).toBe('kWh');
      expect(field(/^Decimal separator/).value).toBe(',');
      expect(field(/^Data point column/).value).toBe('Meter');
      expect(field(/^Quality column/).value).toBe('Quality');
      expect(field(/^Time zone/).value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
      fireEvent.change(field(/^Time zone/), { target: { value: 'Europe/London' } });
      fireEvent.click(screen.getByRole('button', { name: 'Run a dry run' }));

      // 3. Dry run: rows in local time and UTC, spans per data point, and the problem with row, column and reason.
      expect(await screen.findByText('Step 3 of 4: Check a dry run')).toBeTruthy();
      expect(callsTo(calls, 'getDataImport')[0]?.request).toEqual({
        fileId: 42,
        mapping: {
          hasHeader: true,
          delimiter: ';',
          timestamp: { column: 'Reading time', format: 'DD/MM/YYYY HH:mm:ss', timeZone: 'Europe/London' },
          value: { column: 'kWh', unit: 'kWh', decimal: ',' },
          dataPoint: { column: 'Meter' },
          quality: { column: 'Quality' },
        },
      });
      expect(screen.getByText('2 of 3 rows can be imported; 1 problem found.')).toBeTruthy();
      const previewRows = screen.getAllByTestId('preview-row');
      expect(previewRows).toHaveLength(2);
      expect(within(previewRows[1] as HTMLElement).getByText('2024-03-31 02:30:00 GMT+1')).toBeTruthy();
      expect(within(previewRows[1] as HTMLElement).getByText('2024-03-31 01:30:00 UTC')).toBeTruthy();
      expect(within(previewRows[1] as HTMLElement).getByText('estimated')).toBeTruthy();
      const [problem] = screen.getAllByTestId('problem');
      expect(within(problem as HTMLElement).getByText('4')).toBeTruthy();
      expect(within(problem as HTMLElement).getByText('kWh')).toBeTruthy();
      expect(within(problem as HTMLElement).getByText("'abc' is not a number")).toBeTruthy();
      expect(screen.getByRole('region', { name: /^Problems in the file: 1 problem/ })).toBeTruthy();

      // 4. Import, skipping the bad row, with progress until it is done.
      fireEvent.click(screen.getByRole('button', { name: 'Continue to import' }));
      expect(await screen.findByText('Step 4 of 4: Import')).toBeTruthy();
      const skip = screen.getByRole('checkbox', { name: 'Skip bad rows' });
      expect((skip as HTMLInputElement).disabled).toBe(false);
      fireEvent.click(skip);
      await waitFor(() => expect((skip as HTMLInputElement).checked).toBe(true));
      fireEvent.click(screen.getByRole('button', { name: 'Start the import' }));
      expect(await screen.findByText('Importing readings.csv')).toBeTruthy();
      expect(await screen.findByText('2 of 3 rows read')).toBeTruthy();
      expect(callsTo(calls, 'dataImport')[0]?.request).toMatchObject({
        fileId: 42,
        skipBadRows: true,
      });
      expect(
        await screen.findByText(
          'Imported 2 readings into 1 data point; 1 bad row skipped.',
          {},
          { timeout: 3000 },
        ),
      ).toBeTruthy();
      expect(screen.queryByText('Importing readings.csv')).toBeNull();
      expect(callsTo(calls, 'getUserDataImport')[0]?.request).toEqual({
        importId: 9,
        waitMs: 300,
      });
      expect(screen.getByRole('link', { name: 'See the import history' }).getAttribute('href')).toBe(
        '#import-history',
      );
      expect(screen.getByRole('button', { name: 'Import another file' })).toBeTruthy();
    },
    FLOW_TIMEOUT,
  );

  it('says when the progress cannot be read, and follows the import again on request', async () => {
    const calls = useApi(
      answer('dataImport', importRecord({})),
      failWith('getUserDataImport', 503, 'The database is busy.'),
    );
    renderInApp(
      <ImportStep
        upload={uploaded}
        mapping={singleMeter.mapping}
        dryRun={dryRun}
        historyHref="#import-history"
        onBack={() => {}}
        onRestart={() => {}}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Start the import' }));
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain("The import's progress could not be read: The database is busy.");
    expect(failed.textContent).toContain('The import goes on in the background.');
    expect(screen.getByText('Importing readings.csv')).toBeTruthy();

    // Asked again on request: an import the server no longer lists is said so.
    useApi(answer('getUserDataImport', { imports: [] }));
    fireEvent.click(within(failed).getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText(/The import is no longer listed; see the import history\./)).toBeTruthy();

    useApi(
      answer('getUserDataImport', {
        imports: [
          importRecord({ status: 'done', progress: 1, rowsImported: 2, message: 'Imported 2 readings.' }),
        ],
      }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByText('Imported 2 readings.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(callsTo(calls, 'getUserDataImport').map((call) => call.request)).toContainEqual({
      importId: 9,
      waitMs: 300,
    });
  });

  it(
    'saves the mapping as a template by name',
    async () => {
      const calls = useApi(
        answer('meterfiles', uploaded),
        answer('getDataPoint', { dataPoints: [point] }),
        // Without a name it lists the templates; with a name and a mapping it saves one.
        answer('importTemplates', ({ name, mapping }) => ({
          templates: name && mapping ? [{ id: 3, name, mapping, updatedAt: '2026-11-20T10:00:00Z' }] : [],
        })),
      );
      renderInApp(<MeterImport data={{}} />);
      chooseFile();
      await screen.findByText('Step 2 of 4: Map the columns');
      fireEvent.change(field(/^Time zone/), { target: { value: 'Europe/Paris' } });
      fireEvent.change(field(/^Template name/), { target: { value: 'Utility half-hourly' } });
      fireEvent.click(screen.getByRole('button', { name: 'Save template' }));
      expect(await screen.findByText('Template “Utility half-hourly” saved')).toBeTruthy();
      const saves = callsTo(calls, 'importTemplates').filter((call) => call.request.name);
      expect(saves).toHaveLength(1);
      expect(saves[0]?.request).toEqual({
        name: 'Utility half-hourly',
        mapping: {
          hasHeader: true,
          delimiter: ';',
          timestamp: { column: 'Reading time', format: 'DD/MM/YYYY HH:mm:ss', timeZone: 'Europe/Paris' },
          value: { column: 'kWh', unit: 'kWh', decimal: ',' },
          dataPoint: { column: 'Meter' },
          quality: { column: 'Quality' },
        },
      });
      expect(field(/^Use a saved template/).value).toBe('3');
    },
    FLOW_TIMEOUT,
  );

  it(
    'applies a saved template to a new file',
    async () => {
      useApi(
        answer('meterfiles', uploaded),
        answer('getDataPoint', { dataPoints: [point] }),
        answer('importTemplates', { templates: [singleMeter] }),
      );
      renderInApp(<MeterImport data={{}} />);
      chooseFile();
      await screen.findByText('Step 2 of 4: Map the columns');
      await waitFor(() => expect((field(/^Use a saved template/) as HTMLSelectElement).disabled).toBe(false));
      fireEvent.change(field(/^Use a saved template/), { target: { value: '5' } });
      expect(field(/^Time format/).value).toBe('iso');
      expect(field(/^Time zone/).value).toBe('America/New_York');
      expect(field(/^Unit of the values/).value).toBe('Wh');
      expect(field(/^Which data point/).value).toBe('one');
      await waitFor(() => expect(pointPicker().value).toBe('7'));
    },
    FLOW_TIMEOUT,
  );

  it(
    'maps every row to one data point chosen from the list when no column names it',
    async () => {
      const uploads = uploadTypes();
      const calls = useApi(
        uploads.handler,
        answer('meterfiles', {
          ...uploaded,
          fileName: 'export.xlsx',
          format: 'xlsx',
          delimiter: null,
          headers: ['Timestamp', 'Consumption'],
          sampleRows: [['2024-03-31T00:00:00Z', '12.5']],
        }),
        answer('getDataPoint', { dataPoints: [point] }),
        answer('importTemplates', { templates: [] }),
        failWith('getDataImport', 400, 'Data point 7 is in kWh; the file is in °C.'),
      );
      renderInApp(<MeterImport data={{}} />);
      chooseFile('export.xlsx');
      await screen.findByText('Step 2 of 4: Map the columns');
      expect(callsTo(calls, 'meterfiles').map((call) => call.request)).toEqual([{ name: 'export.xlsx' }]);
      expect(uploads.types).toEqual(['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']);
      expect(field(/^Time format/).value).toBe('iso');
      expect(field(/^Value column/).value).toBe('Consumption');
      expect(field(/^Which data point/).value).toBe('one');
      fireEvent.click(screen.getByRole('button', { name: 'Run a dry run' }));
      expect(await screen.findByText('Choose the data point these readings belong to.')).toBeTruthy();
      expect(callsTo(calls, 'getDataImport')).toHaveLength(0);

      await screen.findByRole('option', { name: /^Main meter \(kWh\)/ });
      fireEvent.change(pointPicker(), { target: { value: '7' } });
      fireEvent.click(screen.getByRole('button', { name: 'Run a dry run' }));
      // The API's reason is shown as it is, and the form stays.
      expect(await screen.findByText('Data point 7 is in kWh; the file is in °C.')).toBeTruthy();
      expect(screen.getByText('Step 2 of 4: Map the columns')).toBeTruthy();
      const dryRunRequest = callsTo(calls, 'getDataImport')[0]?.request;
      expect(dryRunRequest).toMatchObject({
        fileId: 42,
        mapping: { dataPoint: { id: 7 }, value: { column: 'Consumption', unit: 'kWh', decimal: '.' } },
      });
      expect(dryRunRequest?.mapping).not.toHaveProperty('delimiter');
    },
    FLOW_TIMEOUT,
  );

  it(
    "shows the server's size limit message when the file is too large",
    async () => {
      const message =
        'The file is larger than the 100 MB limit; split it into smaller files and upload them one by one.';
      useApi(failWith('meterfiles', 413, message));
      renderInApp(<MeterImport data={{}} />);
      chooseFile();
      expect(await screen.findByText(message)).toBeTruthy();
      expect(screen.getByText('Step 1 of 4: Choose a file')).toBeTruthy();
    },
    FLOW_TIMEOUT,
  );

  it(
    'accepts a dropped file and refuses one that is not CSV or XLSX without uploading it',
    async () => {
      const calls = useApi(
        answer('meterfiles', uploaded),
        answer('getDataPoint', { dataPoints: [] }),
        answer('importTemplates', { templates: [] }),
      );
      renderInApp(<MeterImport data={{}} />);
      chooseFile('photo.png');
      expect(await screen.findByText(/^photo\.png is not a CSV or Excel/)).toBeTruthy();
      expect(calls).toHaveLength(0);
      const dropped = new File(['x'], 'readings.csv', { type: 'application/vnd.ms-excel' });
      fireEvent.drop(screen.getByTestId('dropzone'), { dataTransfer: { files: [dropped] } });
      expect(await screen.findByText('Step 2 of 4: Map the columns')).toBeTruthy();
    },
    FLOW_TIMEOUT,
  );

  it(
    'disables and explains "skip bad rows" when the dry run found no problems',
    async () => {
      useApi(
        answer('meterfiles', uploaded),
        answer('getDataPoint', { dataPoints: [point] }),
        answer('importTemplates', { templates: [] }),
        answer('getDataImport', { ...dryRun, rowsValid: 3, problems: [], problemsTotal: 0 }),
        failWith('dataImport', 409, 'Another import of this organisation is running.'),
      );
      renderInApp(<MeterImport data={{}} />);
      chooseFile();
      await screen.findByText('Step 2 of 4: Map the columns');
      fireEvent.click(screen.getByRole('button', { name: 'Run a dry run' }));
      expect(await screen.findByText('All 3 rows can be imported.')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Continue to import' }));
      const skip = (await screen.findByRole('checkbox', { name: 'Skip bad rows' })) as HTMLInputElement;
      expect(skip.disabled).toBe(true);
      expect(screen.getByText(/^Not needed: the dry run found no problems/)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Start the import' }));
      expect(await screen.findByText('Another import of this organisation is running.')).toBeTruthy();
    },
    FLOW_TIMEOUT,
  );
});

describe('mapping guesses', () => {
  it('reads formats, units and decimal separators from sample values and headers', () => {
    expect(guessFormat(['2024-03-31T01:15:00Z'])).toBe('iso');
    expect(guessFormat(['2024-03-31 01:15:00'])).toBe('YYYY-MM-DD HH:mm:ss');
    expect(guessFormat(['03/31/2024 01:15'])).toBe('MM/DD/YYYY HH:mm:ss');
    expect(guessFormat(['01/02/2024 01:15'])).toBe('DD/MM/YYYY HH:mm:ss');
    expect(guessFormat(['31.03.2024 01:15:00'])).toBe('DD.MM.YYYY HH:mm:ss');
    expect(guessFormat(['1711847700'])).toBe('epoch-s');
    expect(guessFormat(['1711847700000'])).toBe('epoch-ms');
    expect(guessFormat(['45382.0104166667'])).toBe('excel-serial');
    expect(guessUnit('Consumption (kWh)')).toBe('kWh');
    expect(guessUnit('volume_m3')).toBe('m³');
    expect(guessUnit('Temperature °C')).toBe('°C');
    expect(guessUnit('Reading')).toBeUndefined();
    expect(guessDecimal(['1,5', '2'])).toBe(',');
    expect(guessDecimal(['1.234,5'])).toBe(',');
    expect(guessDecimal(['1.5', '1,234'])).toBe('.');
  });

  it('tells a date column from a value column named after its period', () => {
    const draft = guessMapping(
      {
        ...uploaded,
        headers: ['Interval kWh', 'Reading date', 'Sensor'],
        sampleRows: [['0.5', '2024-03-31 00:30:00', 'A']],
      },
      'Europe/London',
    );
    expect(draft).toMatchObject({
      timestampColumn: 'Reading date',
      valueColumn: 'Interval kWh',
      dataPointColumn: 'Sensor',
      dataPointMode: 'column',
      unit: 'kWh',
      timeZone: 'Europe/London',
    });
  });
});
