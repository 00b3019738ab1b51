import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// scripts/boundaries/check-deciders.mjs (npm run lint): a decider cannot leave the purity rules
// of .dependency-cruiser.cjs by its file name; only a decide/ folder holds deciders.
const script = join(__dirname, 'check-deciders.mjs');
const repo = join(__dirname, '..', '..');

function check(cwd: string): { status: number | null; output: string } {
  const run = spawnSync(process.execPath, [script], { cwd, encoding: 'utf8' });
  return { status: run.status, output: run.stdout + run.stderr };
}

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'check-deciders-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const decider = "import { Injectable } from '@nestjs/common';\nexport function decideLogin(command: unknown, state: unknown) { return []; }\n";

describe('check-deciders', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('given a decide function in a file outside decide/, whatever its name, then it fails and names the file', () => {
    for (const name of ['decide-login.ts', 'login.ts', 'login.service.ts']) {
      const root = tree({ [`command-service/src/accounts/${name}`]: decider });
      roots.push(root);
      const { status, output } = check(root);
      expect(status).toBe(1);
      expect(output).toContain(`command-service/src/accounts/${name}: exports decideLogin outside a decide/ folder`);
    }
  });

  it('given an evolve function or a Decider value outside decide/, then it fails', () => {
    const root = tree({
      'command-service/src/teams/team-state.ts': 'export const evolveTeam = (state: unknown) => state;\n',
      'command-service/src/teams/team.ts': 'export const team = {} satisfies Decider<unknown, never, unknown>;\n',
    });
    roots.push(root);
    const { status, output } = check(root);
    expect(status).toBe(1);
    expect(output).toContain('team-state.ts: exports evolveTeam');
    expect(output).toContain('team.ts: exports Decider');
  });

  it('given the same decider under a decide/ folder, with any name, then it passes', () => {
    const root = tree({ 'command-service/src/accounts/decide/anything.ts': decider });
    roots.push(root);
    expect(check(root).status).toBe(0);
  });

  it('the repository keeps every decider in a decide/ folder', () => {
    const { status, output } = check(repo);
    expect(output).toContain('every decider is in a decide/ folder');
    expect(status).toBe(0);
  });
});
