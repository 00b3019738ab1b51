import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { verdict, type Section } from '../harness/report';

// Live push (issue 6) inside `npm run bench`: bench/live.bench.ts runs as its own Node process
// (Nest needs the decorator metadata that swc keeps and tsx drops) and hands its rows back on
// one `BENCH_LIVE_ROWS` line.

export interface LiveCaseOptions { rounds: number; log(line: string): void }

const root = join(__dirname, '..', '..');

export async function runLiveCase(options: LiveCaseOptions): Promise<Section> {
  const child = spawn(process.execPath, ['-r', join(root, 'bench/http/swc-register.cjs'), join(root, 'bench/live.bench.ts')], {
    cwd: root, env: { ...process.env, BENCH_LIVE_ROUNDS: String(options.rounds) }, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => { stdout += chunk.toString(); });
  child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = stdout.split('\n').find((l) => l.startsWith('BENCH_LIVE_ROWS '));
  if (code !== 0 || !line) throw new Error(`live bench exited with ${code}: ${stderr.split('\n').slice(0, 3).join(' ')}`);
  const rows = JSON.parse(line.slice('BENCH_LIVE_ROWS '.length)) as string[][];
  const at1000 = rows.find((row) => row[0] === '1000');
  const p99 = Number.parseFloat(at1000?.[3] ?? 'NaN');
  const times = Number.parseFloat(at1000?.[6] ?? 'NaN');
  return {
    title: 'Live push',
    tables: [{
      title: `command accepted → realtime event at every subscriber, ${options.rounds} changes per level, beside a bare ws broadcast of the same message`,
      header: ['subscribers', 'changes', 'live p50', 'live p99', 'bare ws p50', 'bare ws p99', 'p99 live / bare'],
      rows,
    }],
    goals: [
      { goal: 'live push p99 ≤ 100 ms at 1,000 subscribers', figure: at1000?.[3] ?? '—', verdict: verdict(p99 <= 100) },
      { goal: 'live push p99 ≤ 2× the bare ws baseline at 1,000 subscribers', figure: at1000?.[6] ?? '—', verdict: verdict(times <= 2) },
    ],
    notes: [
      'Command service, projector (project read models) and query service run in one process with the in-process notifier, the subscribers in the same process (one machine, 2 cores); each change is an item edit through the command service.',
    ],
  };
}
