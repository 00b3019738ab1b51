import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { operatorMasterKey } from './projector-database';

describe('the master key of the operator commands', () => {
  let dir: string;
  let cwd: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'planwerk-key-'));
    writeFileSync(join(dir, 'master.key'), 'a2V5\n');
    cwd = process.cwd();
  });
  afterEach(() => {
    process.chdir(cwd);
    rmSync(dir, { recursive: true, force: true });
  });

  const config = (url: string, key?: string) => ({ DATABASE_URL: url, PERSONAL_DATA_MASTER_KEY: key });

  it('is PERSONAL_DATA_MASTER_KEY when set, like the services', () => {
    expect(operatorMasterKey(config('postgres://db/x', 'given'), { DATA_DIR: dir })).toBe('given');
  });

  it('is the embedded mode key under DATA_DIR when that is given', () => {
    expect(operatorMasterKey(config('postgres://db.example/x'), { DATA_DIR: dir })).toBe('a2V5');
  });

  it('is ./.data/master.key only for the embedded database of `npm start`', () => {
    writeFileSync(join(dir, 'placeholder'), '');
    process.chdir(dir);
    // ./.data does not exist here: nothing found.
    expect(operatorMasterKey(config('postgres://postgres@127.0.0.1:54329/planwerk'), {})).toBeUndefined();
    const dataDir = join(dir, '.data');
    mkdirSync(dataDir);
    writeFileSync(join(dataDir, 'master.key'), 'ZW1iZWRkZWQ=\n');
    expect(operatorMasterKey(config('postgres://postgres@127.0.0.1:54329/planwerk'), {})).toBe('ZW1iZWRkZWQ=');
    // Another database never gets the embedded key by chance.
    expect(operatorMasterKey(config('postgres://postgres@127.0.0.1:5432/test'), {})).toBeUndefined();
  });
});
