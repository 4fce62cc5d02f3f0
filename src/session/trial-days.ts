const DAY_MS = 86_400_000;

/**
 * Whole days a trial has left, counting a part day as one (a trial ending
 * tonight has 1 day left, not 0); 0 once it has ended; undefined without an end.
 */
export function trialDaysLeft(trialEndsAt: string | null, now = Date.now()): number | undefined {
  if (!trialEndsAt) return undefined;
  const end = Date.parse(trialEndsAt);
  if (Number.isNaN(end)) return undefined;
  return Math.max(0, Math.ceil((end - now) / DAY_MS));
}
