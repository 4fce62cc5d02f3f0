/** The points' ids in batches of at most `size`, as an endpoint that takes a bounded list of ids asks for them. */
export function idBatches(points: readonly { id: number }[], size: number): number[][] {
  const batches: number[][] = [];
  for (let start = 0; start < points.length; start += size) {
    batches.push(points.slice(start, start + size).map((point) => point.id));
  }
  return batches;
}
