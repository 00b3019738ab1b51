import type { RebuildProgress } from './rebuild-projection';

const WIDTH = 30;

/** One line for stderr: `[#####.....]  52%  120,000 / 230,000 events  41,200 ev/s  2.9 s`. */
export function formatProgress(progress: RebuildProgress): string {
  const total = Math.max(progress.estimatedTotal, progress.applied, 1);
  const share = Math.min(progress.applied / total, 1);
  const filled = Math.round(share * WIDTH);
  const bar = `${'#'.repeat(filled)}${'.'.repeat(WIDTH - filled)}`;
  const n = (value: number): string => Math.round(value).toLocaleString('en-US');
  return `${progress.projection} v${progress.version} [${bar}] ${String(Math.round(share * 100)).padStart(3)}%  `
    + `${n(progress.applied)} / ${n(total)} events  ${n(progress.eventsPerSecond)} ev/s  ${(progress.elapsedMs / 1000).toFixed(1)} s`;
}
