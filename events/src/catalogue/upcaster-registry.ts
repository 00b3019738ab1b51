// Events are never edited (rule 7): a changed shape is a new schema version plus a pure
// upcaster that lifts stored data one version at a time when it is read.
export type Upcaster = (data: unknown) => unknown;

export class MissingUpcaster extends Error {
  constructor(readonly type: string, readonly fromVersion: number) {
    super(`No upcaster for ${type} from schema version ${fromVersion}`);
    this.name = 'MissingUpcaster';
  }
}

export class UpcasterRegistry {
  private readonly upcasters = new Map<string, Upcaster>();

  register(type: string, fromVersion: number, upcaster: Upcaster): this {
    const key = `${type}@${fromVersion}`;
    if (this.upcasters.has(key)) throw new Error(`Upcaster ${key} is registered twice`);
    this.upcasters.set(key, upcaster);
    return this;
  }

  /** Lifts `data` stored at `fromVersion` to `toVersion`, step by step. */
  upcast(type: string, data: unknown, fromVersion: number, toVersion: number): unknown {
    let current = data;
    for (let version = fromVersion; version < toVersion; version += 1) {
      const upcaster = this.upcasters.get(`${type}@${version}`);
      if (!upcaster) throw new MissingUpcaster(type, version);
      current = upcaster(current);
    }
    return current;
  }
}
