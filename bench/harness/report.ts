import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import type { Pool } from 'pg';

// The shape every bench case hands back to run-all: tables of figures, goals, and notes.

export interface Table {
  title: string;
  header: string[];
  rows: string[][];
}

export type GoalVerdict = 'met' | 'not met' | 'not run';

export interface Goal {
  goal: string;
  figure: string;
  verdict: GoalVerdict;
}

export interface Section {
  title: string;
  tables: Table[];
  goals: Goal[];
  notes: string[];
}

export const fmt = (n: number): string => (Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : '—');
export const fmtMs = (n: number): string => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '—');
export const ratio = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(2)}×` : '—');
export const verdict = (ok: boolean): GoalVerdict => (ok ? 'met' : 'not met');

export function notRun(title: string, goals: Goal[], note: string): Section {
  return { title, tables: [], goals, notes: [note] };
}

export interface Machine {
  cores: number;
  memoryGiB: number;
  cpu: string;
  node: string;
  postgres: string;
  redis: string;
  date: string;
}

export async function describeMachine(pool: Pool, redisVersion: string | null): Promise<Machine> {
  let cores = cpus().length;
  try {
    cores = Number(execFileSync('nproc', { encoding: 'utf8' }).trim());
  } catch {
    // nproc missing: os.cpus() is the fallback
  }
  const { rows } = await pool.query<{ version: string }>('SELECT version()');
  return {
    cores,
    memoryGiB: totalmem() / 2 ** 30,
    cpu: cpus()[0]?.model ?? 'unknown',
    node: process.version,
    postgres: rows[0].version.split(' on ')[0],
    redis: redisVersion ?? 'not used (REDIS_URL not set)',
    date: new Date().toISOString(),
  };
}

function markdownTable(table: Table): string[] {
  const align = table.header.map((_, i) => (i === 0 ? '---' : '---:'));
  return [
    `**${table.title}**`,
    '',
    `| ${table.header.join(' | ')} |`,
    `|${align.join('|')}|`,
    ...table.rows.map((row) => `| ${row.join(' | ')} |`),
    '',
  ];
}

export function renderResults(machine: Machine, sections: Section[], elapsedSeconds: number, large: boolean): string {
  const goals = sections.flatMap((s) => s.goals.map((g) => ({ ...g, section: s.title })));
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (`bench/run-all.ts`). Every baseline below was measured in the same run as the',
    'figure beside it, on the same machine and database server; nothing is copied from earlier runs. The machine',
    'is shared, so absolute figures are noisy; the ratios (medians of per-round ratios where rounds are given) are',
    'the figures to compare.',
    '',
    '| machine | |',
    '|---|---|',
    `| date | ${machine.date} |`,
    `| CPU | ${machine.cpu}, \`nproc\` = ${machine.cores} |`,
    `| memory | ${machine.memoryGiB.toFixed(1)} GiB |`,
    `| Node | ${machine.node} |`,
    `| PostgreSQL | ${machine.postgres} |`,
    `| Redis | ${machine.redis} |`,
    `| run | ${large ? 'BENCH_LARGE=1' : 'default (BENCH_LARGE=1 adds the 2M-event log and the 1M-event rebuild)'}, ${Math.round(elapsedSeconds)} s |`,
    '',
    '## Goals',
    '',
    '| goal | figure | verdict |',
    '|---|---|---|',
    ...goals.map((g) => `| ${g.goal} | ${g.figure} | ${g.verdict} |`),
    '',
  ];
  for (const section of sections) {
    lines.push(`## ${section.title}`, '');
    for (const table of section.tables) lines.push(...markdownTable(table));
    for (const note of section.notes) lines.push(`- ${note}`);
    if (section.notes.length > 0) lines.push('');
  }
  return `${lines.join('\n')}\n`;
}
