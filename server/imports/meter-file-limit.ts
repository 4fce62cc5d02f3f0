const DEFAULT_MB = 100;

/** The largest meter file accepted: METER_FILE_MAX_MB, 100 MB by default (about 2.5 million rows). */
export function meterFileLimit(): { bytes: number; message: string } {
  const megabytes =
    Number(process.env.METER_FILE_MAX_MB) > 0 ? Number(process.env.METER_FILE_MAX_MB) : DEFAULT_MB;
  return {
    bytes: Math.round(megabytes * 1024 * 1024),
    message: `The file is larger than the ${megabytes} MB limit; split it into smaller files and upload them one by one.`,
  };
}
