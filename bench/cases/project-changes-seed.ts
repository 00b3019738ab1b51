import { createBenchProject, createTeamOverHttp, signupPath, type BenchProject } from '../../scripts/testing/http-project';

// The home page's "what changed since you last looked" badges (issue 14) need a team with
// activity: six projects (the home shows six per team), each with some hundreds of anonymous
// sign-ups made through the command service, and the owner having marked some of them seen
// part-way, so the counts are partial. The owner's own entries (project, phase, list, item,
// status) are in the log too and are not counted, as for any caller.

const HEADERS = { 'x-device-id': 'BenchDev01', 'x-api-version': '5.0.1', 'content-type': 'application/json' };
/** Sign-ups per project; the owner marks the projects with a `seenAfter` seen after that many. */
const PROJECTS: ReadonlyArray<{ signups: number; seenAfter: number | null }> = [
  { signups: 420, seenAfter: null },
  { signups: 300, seenAfter: 150 },
  { signups: 360, seenAfter: null },
  { signups: 240, seenAfter: 200 },
  { signups: 450, seenAfter: 90 },
  { signups: 280, seenAfter: null },
];
const IN_FLIGHT = 25;

export interface ChangesTeam {
  teamId: string;
  /** The counts call of the home page, path and query. */
  path: string;
  /** What the counts must be once the projector has caught up, in the order asked. */
  expected: Array<{ projectId: string; count: number; capped: boolean }>;
  /** The latest checkpoint the commands answered; a read with it as minCheckpoint sees all of the above. */
  checkpoint: string;
  entries: number;
}

async function ok(url: string, method: string, body: unknown, headers: Record<string, string>): Promise<any> {
  const response = await fetch(url, { method, headers: { ...HEADERS, ...headers }, body: JSON.stringify(body) });
  const json = await response.json() as { body: any; error: unknown };
  if (response.status >= 300) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json.error)}`);
  return json.body;
}

// Checkpoints are zero-padded: byte order is log order.
const later = (a: string, b: string): string => (Buffer.compare(Buffer.from(a), Buffer.from(b)) >= 0 ? a : b);

async function signUps(command: string, project: BenchProject, from: number, to: number): Promise<string> {
  let latest = '';
  for (let start = from; start < to; start += IN_FLIGHT) {
    const batch = Array.from({ length: Math.min(IN_FLIGHT, to - start) }, (_, i) => start + i);
    const answers = await Promise.all(batch.map((n) => ok(`${command}${signupPath(project)}`, 'POST', { itemId: project.itemId, name: `Gast ${n}` }, {})));
    for (const answer of answers) latest = later(latest, answer.checkpoint as string);
  }
  return latest;
}

export async function seedChangesTeam(command: string, owner: { authorization: string }, log: (line: string) => void): Promise<ChangesTeam> {
  const teamId = await createTeamOverHttp(command, owner);
  const expected: ChangesTeam['expected'] = [];
  let checkpoint = '';
  for (const [index, plan] of PROJECTS.entries()) {
    // Unlimited places; the free plan has one active project, so each but the last ends (4, successful) after its sign-ups.
    const project = await createBenchProject(command, owner, teamId, null);
    const seenAt = plan.seenAfter ?? plan.signups;
    checkpoint = later(checkpoint, await signUps(command, project, 0, seenAt));
    if (plan.seenAfter !== null) checkpoint = later(checkpoint, (await ok(`${command}/v5/team/${teamId}/project/${project.projectId}/seen`, 'PUT', {}, owner)).checkpoint as string);
    checkpoint = later(checkpoint, await signUps(command, project, seenAt, plan.signups));
    if (index < PROJECTS.length - 1) checkpoint = later(checkpoint, (await ok(`${command}/v5/team/${teamId}/project/${project.projectId}/status`, 'PUT', { status: 4 }, owner)).checkpoint as string);
    expected.push({ projectId: project.projectId, count: plan.seenAfter === null ? plan.signups : plan.signups - plan.seenAfter, capped: false });
    log(`http: changes team, project ${index + 1} of ${PROJECTS.length}: ${plan.signups} sign-ups${plan.seenAfter === null ? '' : `, seen after ${plan.seenAfter}`}`);
  }
  return {
    teamId,
    path: `/v5/team/${teamId}/changes?projects=${expected.map((p) => p.projectId).join(',')}`,
    expected,
    checkpoint,
    entries: PROJECTS.reduce((sum, p) => sum + p.signups, 0),
  };
}
