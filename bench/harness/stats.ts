// Small statistics shared by the bench cases: medians of rounds and latency percentiles.

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export interface RoundResult {
  /** Median rate of each side, by side name. */
  rates: Record<string, number>;
  /** Median over rounds of the per-round ratio `side / against`, by side name. */
  ratios: Record<string, number>;
  events: number;
  rounds: number;
}

/**
 * Runs every side once per round, rotating the order, and keeps medians: on a shared machine a
 * burst of load then hits all sides, and one outlier moves no median. Ratios are taken per
 * round (both sides saw the same load), then the median of those.
 */
export async function interleavedRounds(
  rounds: number,
  against: string,
  sides: Record<string, () => Promise<{ events: number; seconds: number }>>,
): Promise<RoundResult> {
  const names = Object.keys(sides);
  const perRound: Array<Record<string, number>> = [];
  let events = 0;
  for (let round = 0; round < rounds; round += 1) {
    const order = names.map((_, i) => names[(i + round) % names.length]);
    const rates: Record<string, number> = {};
    for (const name of order) {
      const measured = await sides[name]();
      rates[name] = measured.events / measured.seconds;
      events = measured.events;
    }
    perRound.push(rates);
  }
  const rates: Record<string, number> = {};
  const ratios: Record<string, number> = {};
  for (const name of names) {
    rates[name] = median(perRound.map((r) => r[name]));
    ratios[name] = median(perRound.map((r) => r[name] / r[against]));
  }
  return { rates, ratios, events, rounds };
}
