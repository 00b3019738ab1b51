// Deciders live in a decide/ folder (ADR 0010): dependency-cruiser holds every file under a
// decide/ folder pure (.dependency-cruiser.cjs, DECIDER_CODE), whatever the file is called. This
// check closes the other way out: a file OUTSIDE a decide/ folder that exports a decide... or
// evolve... function is a decider hiding from the purity rules, and fails `npm run lint`.
//   node scripts/boundaries/check-deciders.mjs [root ...]   (default: command-service/src)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

// The deciding side. The projector's evolve functions are projections (their own rules);
// events/ is the contract package.
const DEFAULT_ROOTS = ['command-service/src'];
const TEST_CODE = /(\.(spec|int-spec|serial\.int-spec|e2e-spec|faults-spec)\.ts$)|(^|\/)testing\//;
// The marker: an exported function or constant named decide* or evolve* (style.md: decide(command,
// state) → events, evolve(state, event) → state), or a value typed as a Decider.
const MARKER = /export\s+(?:async\s+)?(?:function\s*\*?|const|let)\s+((?:decide|evolve)[A-Za-z0-9_$]*)|:\s*Decider<|satisfies\s+Decider</g;
// The runners that apply a decider against the store; they import infrastructure by design and
// decide nothing themselves. Each entry is a path and the exported names it may use.
const RUNNERS = new Map([
  ['command-service/src/shared/commands/decide-and-append.ts', new Set(['decideAndAppend', 'Decider'])],
  // Group commit of a hot sign-up list: folds decideSignups (signups/decide/) over a batch and
  // builds the events to append with their deterministic ids.
  ['command-service/src/signups/signup-command-handler.ts', new Set(['decideSignupBatch'])],
]);

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') yield* sourceFiles(path);
    } else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) yield path;
  }
}

export function findHiddenDeciders(roots, cwd = process.cwd()) {
  const found = [];
  for (const root of roots) {
    for (const file of sourceFiles(join(cwd, root))) {
      const path = relative(cwd, file).split(sep).join('/');
      if (TEST_CODE.test(path) || /(^|\/)decide\//.test(path)) continue;
      const allowed = RUNNERS.get(path) ?? new Set();
      for (const match of readFileSync(file, 'utf8').matchAll(MARKER)) {
        const name = match[1] ?? 'Decider';
        if (!allowed.has(name)) found.push(`${path}: exports ${name} outside a decide/ folder`);
      }
    }
  }
  return found;
}

const roots = process.argv.slice(2);
const found = findHiddenDeciders(roots.length > 0 ? roots : DEFAULT_ROOTS);
if (found.length > 0) {
  console.error(`Deciders belong in a decide/ folder, where dependency-cruiser holds them pure (ADR 0010):\n  ${found.join('\n  ')}`);
  process.exit(1);
}
console.log('✔ every decider is in a decide/ folder');
