/** 1048576 → "1 MB", 5242880 → "5 MB", 1572864 → "1.5 MB": a limit as people read it. */
export function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return `${Number.isInteger(value) ? value : Number(value.toFixed(1))} MB`;
}
