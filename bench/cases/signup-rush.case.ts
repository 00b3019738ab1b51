import { fmt, fmtMs, verdict, type Section } from '../harness/report';
import { percentile } from '../harness/stats';
import { createBenchProject, signupPath } from '../../scripts/testing/http-project';

// Sign-up rush (issue 8): N concurrent anonymous sign-ups for one item with P places, all sent
// at once over their own connections to the command service. Accepted must be exactly P (the
// sign-ups stream decides capacity in group-committed batches, ADR 0006); the rest answer list_full.

export interface SignupRushOptions {
  command: string;
  owner: { authorization: string };
  teamId: string;
  signups: number;
  places: number;
  log(line: string): void;
}

export async function runSignupRush(options: SignupRushOptions): Promise<Section> {
  const project = await createBenchProject(options.command, options.owner, options.teamId, options.places);
  options.log(`sign-up rush: ${options.signups} concurrent sign-ups for ${options.places} places`);
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: options.signups }, async (_, index) => {
    const sent = performance.now();
    const response = await fetch(`${options.command}${signupPath(project)}`, {
      method: 'POST',
      headers: { 'x-device-id': `Rush${String(index).padStart(6, '0')}`, 'x-api-version': '5.0.1', 'content-type': 'application/json' },
      body: JSON.stringify({ itemId: project.itemId, name: `Gast ${index}` }),
    });
    const json = await response.json() as { error: { intern?: unknown } | null };
    return { status: response.status, code: json.error?.intern ?? null, ms: performance.now() - sent };
  }));
  const wall = performance.now() - started;
  const accepted = answers.filter((a) => a.status === 201 || a.status === 200).length;
  const full = answers.filter((a) => a.code === 'list_full').length;
  const other = answers.length - accepted - full;
  const latencies = answers.map((a) => a.ms).sort((a, b) => a - b);
  return {
    title: 'Sign-up rush',
    tables: [{
      title: `${fmt(options.signups)} concurrent anonymous sign-ups (POST ${'/v5/project/{projectId}/list/{listId}/signup'}) for one item of ${fmt(options.places)} places, one process`,
      header: ['accepted', 'list full', 'other answers', 'p50', 'p99', 'max', 'all answered after'],
      rows: [[fmt(accepted), fmt(full), fmt(other), fmtMs(percentile(latencies, 50)), fmtMs(percentile(latencies, 99)), fmtMs(latencies[latencies.length - 1] ?? 0), fmtMs(wall)]],
    }],
    goals: [
      { goal: `${fmt(options.signups)} concurrent sign-ups on a ${fmt(options.places)}-place list → accepted = ${fmt(options.places)}`, figure: `${fmt(accepted)} accepted, ${fmt(full)} list full, ${fmt(other)} other`, verdict: verdict(accepted === options.places && other === 0) },
    ],
    notes: [
      'Every request is a new anonymous visitor (no session): the command service validates, loads the list rules, joins the next batch of `signups-<listId>`, where the queued commands are decided in order on the cached state and their events appended in one transaction (one event per accepted sign-up); refusals append nothing.',
    ],
  };
}
