import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  catalogueProblems,
  describeProblems,
  extractMessages,
  FRONTEND,
  readCatalogue,
  repeatedDefinitions,
  structuralProblems,
  TRANSLATIONS,
  type Catalogue,
  type Translation,
} from './catalogue';
import { unusedMessages } from './unused-messages';

const translations = (): Record<Translation, Catalogue> =>
  Object.fromEntries(TRANSLATIONS.map((language) => [language, readCatalogue(language)])) as Record<Translation, Catalogue>;

describe('the console message catalogues', () => {
  // Extracting runs the formatjs CLI once for the whole file.
  let extracted: Catalogue;
  beforeAll(() => {
    extracted = extractMessages();
  });

  it('de.json is what the code defines (run `npm run messages:extract -w frontend` after changing a message)', () => {
    expect(Object.keys(extracted).length).toBeGreaterThan(0);
    expect(readCatalogue('de')).toEqual(extracted);
  });

  it('every id of the code has a text in en, fr and it, and no translation holds an id the code does not use', () => {
    expect(describeProblems(catalogueProblems(extracted, translations()))).toBe('');
  });

  it('every translation keeps the placeholders, plurals and tags of the German text', () => {
    expect(structuralProblems()).toBe('');
  });

  it('every message the code defines is shown somewhere', () => {
    expect(unusedMessages(join(FRONTEND, 'tsconfig.json'))).toEqual([]);
  }, 60_000);

  it('every message is defined once in the code', () => {
    expect(repeatedDefinitions(Object.keys(extracted))).toEqual({});
  });
});

describe('the catalogue check', () => {
  const source = { 'a.title': 'Titel', 'a.text': 'Hallo {name}', 'a.close': 'Schließen' };
  const complete = { 'a.title': 'Title', 'a.text': 'Hello {name}', 'a.close': 'Close' };

  it('accepts complete translations', () => {
    expect(catalogueProblems(source, { en: complete, fr: complete, it: complete })).toEqual([]);
  });

  it('names an id that is missing, empty or blank in a translation, and one no code uses', () => {
    const { 'a.close': _dropped, ...withoutClose } = complete;
    const problems = catalogueProblems(source, {
      en: withoutClose,
      fr: { ...complete, 'a.title': '' },
      it: { ...complete, 'a.text': '  ', 'a.gone': 'Vecchio' },
    });
    expect(problems).toEqual([
      { language: 'en', id: 'a.close', problem: 'missing' },
      { language: 'fr', id: 'a.title', problem: 'empty' },
      { language: 'it', id: 'a.text', problem: 'empty' },
      { language: 'it', id: 'a.gone', problem: 'unused' },
    ]);
    expect(describeProblems(problems)).toBe(
      'en.json: missing a.close\nfr.json: empty a.title\nit.json: empty a.text\nit.json: unused a.gone',
    );
  });

  it('names an empty German text and a translation that is not a string', () => {
    expect(catalogueProblems({ ...source, 'a.blank': '' }, {
      en: { ...complete, 'a.blank': 'Blank' },
      fr: { ...complete, 'a.blank': 'Vide', 'a.title': 7 },
      it: { ...complete, 'a.blank': 'Vuoto' },
    })).toEqual([
      { language: 'de', id: 'a.blank', problem: 'empty' },
      { language: 'fr', id: 'a.title', problem: 'empty' },
    ]);
  });

  it('names a translation that drops or renames a placeholder, or is no valid message', () => {
    const dir = mkdtempSync(join(tmpdir(), 'messages-lang-'));
    try {
      const write = (language: string, catalogue: Catalogue) => writeFileSync(join(dir, `${language}.json`), JSON.stringify(catalogue));
      write('de', source);
      write('en', { ...complete, 'a.text': 'Hello' });
      write('fr', { ...complete, 'a.text': 'Bonjour {nom}' });
      write('it', { ...complete, 'a.text': 'Ciao {name' });
      const report = structuralProblems(dir);
      expect(report).toMatch(/locale en[^]*a\.text: Different number of variables/);
      expect(report).toMatch(/locale fr[^]*a\.text: Missing variable name/);
      expect(report).toMatch(/locale it[^]*a\.text: /);
      write('en', complete);
      write('fr', complete);
      write('it', complete);
      expect(structuralProblems(dir)).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('finds an id written in two files, and ignores ids that are no message', () => {
    const root = mkdtempSync(join(tmpdir(), 'messages-src-'));
    try {
      mkdirSync(join(root, 'feature'));
      writeFileSync(join(root, 'a.messages.ts'), "defineMessages({ t: { id: 'a.title', defaultMessage: 'Titel' } });\n");
      writeFileSync(join(root, 'feature', 'page.tsx'), "const t = defineMessage({\n  id: \"a.title\",\n  defaultMessage: 'Titel',\n});\nconst tag = { id: 'ANY' };\n");
      writeFileSync(join(root, 'feature', 'page.spec.tsx'), "const t = { id: 'a.title' };\n");
      expect(repeatedDefinitions(['a.title', 'a.text'], root)).toEqual({
        'a.title': ['a.messages.ts', join('feature', 'page.tsx')],
      });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('names a message no code reads, following import aliases and re-exports', () => {
    const root = mkdtempSync(join(tmpdir(), 'messages-unused-'));
    try {
      const write = (file: string, text: string) => writeFileSync(join(root, file), text);
      write('tsconfig.json', JSON.stringify({ compilerOptions: { jsx: 'react-jsx', strict: true }, include: ['*.ts', '*.tsx'] }));
      write('a.messages.ts', [
        "import { defineMessage, defineMessages } from 'react-intl';",
        "export const aMessages = defineMessages({ shown: { id: 'a.shown', defaultMessage: 'Gezeigt' }, 'quoted-key': { id: 'a.quoted', defaultMessage: 'Zitiert' }, hidden: { id: 'a.hidden', defaultMessage: 'Versteckt' } });",
        "export const single = defineMessage({ id: 'a.single', defaultMessage: 'Eins' });",
        "export const lonely = defineMessage({ id: 'a.lonely', defaultMessage: 'Allein' });",
        "const byKind = untyped(defineMessages({ x: { id: 'a.kindX', defaultMessage: 'X' }, y: { id: 'a.kindY', defaultMessage: 'Y' } }));",
        "export const kindLabel = (kind: 'x' | 'y') => byKind[kind];",
        "export type Kind = keyof typeof aMessages;",
        '',
      ].join('\n'));
      write('index.ts', "export { aMessages as renamed, single, lonely, kindLabel } from './a.messages';\n");
      write('page.tsx', [
        "import { renamed as m, single } from './index';",
        "export const shown = [m.shown, m['quoted-key'], single];",
        '',
      ].join('\n'));
      expect(unusedMessages(join(root, 'tsconfig.json'))).toEqual([
        { id: 'a.hidden', file: 'a.messages.ts' },
        { id: 'a.lonely', file: 'a.messages.ts' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
