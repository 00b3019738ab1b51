import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';

/**
 * The console's message catalogues (spec section 1): German is the source language, written once
 * as `defaultMessage` in `defineMessages` and extracted by the formatjs CLI into
 * `frontend/src/lang/de.json` (`npm run messages:extract -w frontend`); English, French and Italian
 * are translations keyed by the same ids.
 */
export const FRONTEND = join(__dirname, '..', '..', 'frontend');
export const LANG_DIR = join(FRONTEND, 'src', 'lang');
export const TRANSLATIONS = ['en', 'fr', 'it'] as const;
export type Translation = (typeof TRANSLATIONS)[number];
export type Catalogue = Readonly<Record<string, unknown>>;

export type ProblemKind = 'missing' | 'empty' | 'unused';
export interface Problem {
  language: 'de' | Translation;
  id: string;
  problem: ProblemKind;
}

const isEmpty = (text: unknown) => typeof text !== 'string' || text.trim() === '';

/**
 * Every problem of the translations against the source catalogue: an id of the code that a
 * translation lacks or leaves empty, an id a translation holds that no code defines, and an empty
 * German text.
 */
export function catalogueProblems(source: Catalogue, translations: Readonly<Record<Translation, Catalogue>>): Problem[] {
  const problems: Problem[] = Object.keys(source)
    .filter((id) => isEmpty(source[id]))
    .map((id) => ({ language: 'de', id, problem: 'empty' }));
  for (const language of TRANSLATIONS) {
    const translation = translations[language];
    for (const id of Object.keys(source)) {
      if (!Object.hasOwn(translation, id)) problems.push({ language, id, problem: 'missing' });
      else if (isEmpty(translation[id])) problems.push({ language, id, problem: 'empty' });
    }
    for (const id of Object.keys(translation)) {
      if (!Object.hasOwn(source, id)) problems.push({ language, id, problem: 'unused' });
    }
  }
  return problems;
}

/** One line per problem, for a failure message a translator can act on. */
export function describeProblems(problems: readonly Problem[]): string {
  return problems.map(({ language, id, problem }) => `${language}.json: ${problem} ${id}`).join('\n');
}

export function readCatalogue(language: 'de' | Translation): Catalogue {
  return JSON.parse(readFileSync(join(LANG_DIR, `${language}.json`), 'utf8')) as Catalogue;
}

/**
 * Runs the frontend's `messages:extract` script (the formatjs CLI over `frontend/src`) into a
 * temporary file and returns what the code defines now; fails as the CLI does, e.g. on one id
 * defined twice with different texts.
 */
export function extractMessages(): Catalogue {
  const dir = mkdtempSync(join(tmpdir(), 'messages-'));
  try {
    const outFile = join(dir, 'de.json');
    execFileSync('npm', ['run', '--silent', 'messages:extract', '--', '--out-file', outFile], {
      cwd: FRONTEND,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(readFileSync(outFile, 'utf8')) as Catalogue;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * What the formatjs CLI's structural check says of the translations in `dir` against its de.json:
 * a placeholder, plural or tag of the German text that a translation drops, renames or adds, or a
 * translation that is no valid ICU message; '' when all agree.
 */
export function structuralProblems(dir = LANG_DIR): string {
  const cli = join(dirname(require.resolve('@formatjs/cli/package.json')), 'bin', 'formatjs');
  const files = ['de', ...TRANSLATIONS].map((language) => join(dir, `${language}.json`));
  try {
    execFileSync(process.execPath, [cli, 'verify', '--source-locale', 'de', '--structural-equality', ...files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    return `${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`.trim() || String(error);
  }
}

const sourceFile = /\.tsx?$/;
const testFile = /\.(spec|test)\.tsx?$|\.d\.ts$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return sourceFile.test(entry.name) && !testFile.test(entry.name) ? [path] : [];
  });
}

const idLiteral = /\bid:\s*(['"])([\w.-]+)\1/g;

/**
 * The message ids written more than once in the console's code, with the files that write them:
 * the CLI merges a repeated id silently when its texts agree, so one text would live in two places.
 */
export function repeatedDefinitions(ids: readonly string[], root = join(FRONTEND, 'src')): Record<string, string[]> {
  const known = new Set(ids);
  const places = new Map<string, string[]>();
  for (const file of sourceFiles(root)) {
    for (const [, , id] of readFileSync(file, 'utf8').matchAll(idLiteral)) {
      if (known.has(id)) places.set(id, [...(places.get(id) ?? []), relative(root, file)]);
    }
  }
  return Object.fromEntries([...places].filter(([, files]) => files.length > 1));
}
