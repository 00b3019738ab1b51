import { randomUUID } from 'node:crypto';
import type { ReadAllOptions, RecordedEvent } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { allProjections } from '../all-projections';
import { projectCreated, projectIds, projectStructure, signupAdded } from '../projects/testing/project-fixtures';
import { startProjectionHarness } from '../projects/testing/projection-harness';
import { getProjectionStatus } from './projection-status';

// Issue 12: a visitor's name with a lone surrogate was accepted, encrypted, and decrypted by the
// projector into a string PostgreSQL cannot take ("invalid input syntax for type json"): the
// project-tree projection stopped for every project. jsonb refuses such text, so it reaches a
// projection only as decrypted personal data; the store here plays that part by putting NUL and
// lone surrogates where the log holds markers. No projection may stop on them.
const MARKERS: Record<string, string> = { '{NUL}': '\u0000', '{HIGH}': '\uD800', '{LOW}': '\uDFFF' };

function hostile<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\{NUL\}|\{HIGH\}|\{LOW\}/g, (m) => MARKERS[m] ?? m) as T;
  if (Array.isArray(value)) return value.map(hostile) as T;
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [hostile(k), hostile(v)])) as T;
  return value;
}

type Projection = (typeof allProjections)[number];

/**
 * Runs one projection over the events `append` writes, each read back through `reading` (what
 * the store would hand a projection), and checks it never stopped.
 */
async function projectsWithoutStopping(
  database: string, projection: Projection, reading: (event: RecordedEvent) => RecordedEvent,
  append: (ids: ReturnType<typeof projectIds>) => Parameters<Awaited<ReturnType<typeof startProjectionHarness>>['append']>,
): Promise<void> {
  const h = await startProjectionHarness(database, projection);
  try {
    const store = h.kit.store;
    const readAll = store.readAll.bind(store);
    store.readAll = async (options: ReadAllOptions) => {
      const slice = await readAll(options);
      return { ...slice, events: slice.events.map(reading) };
    };
    await h.append(...append(projectIds()));
    h.start();
    await h.caughtUp();
    expect(h.errors()).toEqual([]);
    const status = (await getProjectionStatus(h.kit.pool)).find((s) => s.name === projection.name);
    expect({ state: status?.state, error: status?.error }).toEqual({ state: 'running', error: null });
  } finally {
    await h.close();
  }
}

const databaseOf = (prefix: string, name: string): string => `${prefix}_${name.replace(/[^a-z]/g, '_').slice(0, 20)}`;

describeWith('postgres', 'projections take any text a decrypted event can hold', () => {
  it.each(allProjections.map((p) => [p.name, p] as const))('%s never stops on NUL or lone surrogates', async (name, projection) => {
    await projectsWithoutStopping(databaseOf('projector_hostile', name), projection, (event) => ({ ...event, data: hostile(event.data) }), (ids) => [
      projectCreated(ids, { name: 'Fest {HIGH}{NUL}' }), ...projectStructure(ids),
      signupAdded(ids, { name: 'Anna {HIGH}' }), signupAdded(ids, { name: '{LOW}Ben' }), signupAdded(ids, { name: 'Eva{NUL}' }),
      signupAdded(ids, { name: `e${'\u0301'.repeat(50)} ${'😀'.repeat(40)}`, signupId: randomUUID() }),
    ]);
  }, 60_000);

  // A visitor who withdrew has their key erased: their SignUpAdded then reads with name and
  // values null (crypto-shredding). A projection that reads it later (lagging, or a rebuild)
  // stopped on the schema ("values: expected record, received null") before the catalogue took
  // null for erased fields.
  it.each(allProjections.map((p) => [p.name, p] as const))('%s never stops on a sign-up whose person was erased', async (name, projection) => {
    const erased = (event: RecordedEvent): RecordedEvent => (event.type !== 'SignUpAdded' ? event : {
      ...event,
      data: { ...(event.data as object), name: null, values: null },
      metadata: { ...event.metadata, erased: true, erasedFields: ['name', 'values'] },
    });
    await projectsWithoutStopping(databaseOf('projector_erased', name), projection, erased, (ids) => [
      projectCreated(ids), ...projectStructure(ids), signupAdded(ids, { name: 'Anna' }), signupAdded(ids, { name: 'Ben', signupId: randomUUID() }),
    ]);
  }, 60_000);
});
