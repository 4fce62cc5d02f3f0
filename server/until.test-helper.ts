/** Polls until the (async) condition holds, or fails saying what did not happen in time. */
export async function until(
  condition: () => boolean | Promise<boolean>,
  what: string,
  ms = 10_000,
  everyMs = 25,
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
