// npm run bench:live (node with bench/http/swc-register.cjs: Nest needs decorator metadata) — live updates (ADR 0009): command accepted → realtime event at the
// subscriber, p50/p99 at 1, 100 and 1,000 subscribers, beside a bare `ws` broadcast of the same
// message to as many clients, started at the same moment, in the same run. A fresh database on
// DATABASE_URL's server; command service, projector (project read models) and query service run
// in this process with the in-process notifier, and so do all subscribers (one machine, 2 cores).
// BENCH_LIVE_ROUNDS sets the changes per level (default 20); BENCH_PROJECTOR_IDLE_MS the
// projector's poll pause (default: the production default, 100 ms).
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { createEventCatalogue } from '../events/src/index';
import { findProjection, projectProjections, startProjector } from '../projector/src/index';
import { auth, startProjectsStack } from '../command-service/src/projects/testing/projects-stack';
import { percentile } from './harness/stats';

const ROUNDS = Number(process.env.BENCH_LIVE_ROUNDS ?? 20);
const IDLE_MS = process.env.BENCH_PROJECTOR_IDLE_MS ? Number(process.env.BENCH_PROJECTOR_IDLE_MS) : undefined;
const LEVELS = [1, 100, 1_000];

const fmtMs = (n: number): string => (Number.isFinite(n) ? `${n < 10 ? n.toFixed(1) : Math.round(n)} ms` : '—');

interface Waiter { expect(count: number, match: (text: string) => boolean): Promise<number[]> }

/** Clients whose arrival times of the next matching message are collected. */
function collector(sockets: WebSocket[]): Waiter {
  let pending: { left: number; match: (text: string) => boolean; times: number[]; done(times: number[]): void } | null = null;
  for (const socket of sockets) {
    socket.on('message', (raw) => {
      const at = performance.now();
      if (!pending) return;
      const current = pending;
      if (!current.match(raw.toString())) return;
      current.times.push(at);
      current.left -= 1;
      if (current.left === 0) {
        pending = null;
        current.done(current.times);
      }
    });
  }
  return {
    expect(count, match) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`only ${count - (pending?.left ?? 0)} of ${count} messages arrived`)), 30_000);
        pending = { left: count, match, times: [], done: (times) => { clearTimeout(timer); resolve(times); } };
      });
    },
  };
}

async function open(url: string, count: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = await Promise.all(Array.from({ length: Math.min(50, count - i) }, () => new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('open', () => resolve(socket));
      socket.once('error', reject);
    })));
    sockets.push(...batch);
  }
  return sockets;
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) {
    process.stderr.write('DATABASE_URL is not set: point it at a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres\n');
    process.exit(2);
  }
  process.env.AUTH_SECRET ??= randomBytes(32).toString('base64');
  // Every subscriber connects from this machine: the per-address socket cap is lifted.
  const stack = await startProjectsStack('bench_live', { queryOptions: { wsMaxConnectionsPerAddress: 10_000 } });
  const projector = startProjector({
    pool: stack.pool, store: stack.store, catalogue: createEventCatalogue(), notifier: stack.notifier,
    projections: [...projectProjections, findProjection('comments')], tuning: IDLE_MS === undefined ? {} : { idleMs: IDLE_MS },
  });
  const bare = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  try {
    await stack.query.listen({ port: 0, host: '127.0.0.1' });
    const queryPort = (stack.query.getHttpServer().address() as AddressInfo).port;
    const barePort = (bare.address() as AddressInfo).port;
    const team = await stack.createTeam();
    const tree = await stack.createProjectTree(team, { release: true });
    const itemPath = `/v5/team/${team.teamId}/project/${tree.projectId}/list/${tree.listId}/item/${tree.itemIds[0]}`;
    // The project read model has the tree before anyone subscribes.
    const settled = await stack.send(team.owner, 'PUT', `/v5/team/${team.teamId}/project/${tree.projectId}`, { colour: 2 });
    const minCheckpoint = encodeURIComponent(settled.json().body.checkpoint as string);
    await stack.query.inject({ method: 'GET', url: `/v5/team/${team.teamId}/project/${tree.projectId}?minCheckpoint=${minCheckpoint}`, headers: auth(team.owner) });

    const rows: string[][] = [];
    let round = 0;
    for (const subscribers of LEVELS) {
      const liveSockets = await open(`ws://127.0.0.1:${queryPort}/v5/ws?channel=main`, subscribers);
      const live = collector(liveSockets);
      const subscribed = live.expect(subscribers, (text) => text.includes('"subscribed"'));
      for (const socket of liveSockets) socket.send(JSON.stringify({ action: 'subscribe', project: tree.projectId }));
      await subscribed;
      const bareSockets = await open(`ws://127.0.0.1:${barePort}`, subscribers);
      const baseline = collector(bareSockets);
      const liveMs: number[] = [];
      const bareMs: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        round += 1;
        const name = `Runde ${round}`;
        // Live: the command's answer (accepted) → the item-edit at every subscriber.
        const arrived = live.expect(subscribers, (text) => text.includes('"item-edit"'));
        const answer = await stack.command.inject({ method: 'PUT', url: itemPath, headers: auth(team.owner), payload: { name } });
        const accepted = performance.now();
        if (answer.statusCode !== 200) throw new Error(`item edit answered ${answer.statusCode}: ${answer.body}`);
        const checkpoint = answer.json().body.checkpoint as string;
        for (const at of await arrived) liveMs.push(Math.max(0, at - accepted));
        // Baseline: the same message, broadcast by a bare ws server to as many clients.
        const text = JSON.stringify({ event: 'item-edit', data: { checkpoint, projectId: tree.projectId, listId: tree.listId, itemId: tree.itemIds[0], fields: ['name'], mine: false }, sub_type: 'project', sub_id: tree.projectId });
        const bareArrived = baseline.expect(subscribers, () => true);
        const sent = performance.now();
        for (const client of bare.clients) client.send(text);
        for (const at of await bareArrived) bareMs.push(at - sent);
      }
      liveMs.sort((a, b) => a - b);
      bareMs.sort((a, b) => a - b);
      const liveP99 = percentile(liveMs, 99);
      const bareP99 = percentile(bareMs, 99);
      rows.push([String(subscribers), String(ROUNDS), fmtMs(percentile(liveMs, 50)), fmtMs(liveP99), fmtMs(percentile(bareMs, 50)), fmtMs(bareP99), `${(liveP99 / Math.max(bareP99, 0.001)).toFixed(1)}×`]);
      process.stdout.write(`[bench live] ${subscribers} subscribers done\n`);
      for (const socket of [...liveSockets, ...bareSockets]) socket.terminate();
    }
    const header = ['subscribers', 'changes', 'live p50', 'live p99', 'bare ws p50', 'bare ws p99', 'p99 live / bare'];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i] ?? 0)).join(' | ')} |`;
    // For `npm run bench` (bench/cases/live.case.ts), which runs this file as a child process.
    process.stdout.write(`BENCH_LIVE_ROWS ${JSON.stringify(rows)}\n`);
    process.stdout.write(`\nLive updates: command accepted → realtime event at each subscriber (projector poll pause ${IDLE_MS ?? 100} ms)\n`);
    process.stdout.write(`${line(header)}\n|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|\n${rows.map(line).join('\n')}\n`);
    process.stdout.write('Goal (issue 6): live p99 ≤ 100 ms at 1,000 subscribers and ≤ 2× the bare ws baseline.\n');
  } finally {
    bare.close();
    await projector.stop();
    await stack.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack ?? error.message : String(error)}\n`);
  process.exit(1);
});
