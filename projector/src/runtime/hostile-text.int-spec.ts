import { randomUUID } from 'node:crypto';
import type { ReadAllOptions, RecordedEvent } from '@planwerk/events';
import { describeWith } from '../../../scripts/testing/components';
import { allProjections } from '../all-projections';
import { projectCreated, projectIds, projectStructure, signUpAdded } from '../projects/testing/project-fixtures';
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

describeWith('postgres', 'projections take any text a decrypted event can hold', () => {
  it.each(allProjections.map((p) => [p.name, p] as const))('%s never stops on NUL or lone surrogates', async (name, projection) => {
    const h = await startProjectionHarness(`projector_hostile_${name.replace(/[^a-z]/g, '_').slice(0, 20)}`, projection);
    try {
      const store = h.kit.store;
      const readAll = store.readAll.bind(store);
      store.readAll = async (options: ReadAllOptions) => {
        const slice = await readAll(options);
        return { ...slice, events: slice.events.map((event: RecordedEvent) => ({ ...event, data: hostile(event.data) })) };
      };
      const ids = projectIds();
      await h.append(
        projectCreated(ids, { name: 'Fest {HIGH}{NUL}' }), ...projectStructure(ids),
        signUpAdded(ids, { name: 'Anna {HIGH}' }), signUpAdded(ids, { name: '{LOW}Ben' }), signUpAdded(ids, { name: 'Eva{NUL}' }),
        signUpAdded(ids, { name: `e${'\u0301'.repeat(50)} ${'😀'.repeat(40)}`, signupId: randomUUID() }),
      );
      h.start();
      await h.caughtUp();
      expect(h.errors()).toEqual([]);
      const status = (await getProjectionStatus(h.kit.pool)).find((s) => s.name === projection.name);
      expect({ state: status?.state, error: status?.error }).toEqual({ state: 'running', error: null });
    } finally {
      await h.close();
    }
  }, 60_000);

  // A visitor who withdrew has their key erased: their SignUpAdded then reads with name and
  // values null (crypto-shredding). A projection that reads it later (lagging, or a rebuild)
  // stopped on the schema ("values: expected record, received null") before the catalogue took
  // null for erased fields.
  it.each(allProjections.map((p) => [p.name, p] as const))('%s never stops on a sign-up whose person was erased', async (name, projection) => {
    const h = await startProjectionHarness(`projector_erased_${name.replace(/[^a-z]/g, '_').slice(0, 20)}`, projection);
    try {
      const store = h.kit.store;
      const readAll = store.readAll.bind(store);
      store.readAll = async (options: ReadAllOptions) => {
        const slice = await readAll(options);
        return {
          ...slice,
          events: slice.events.map((event: RecordedEvent) => (event.type !== 'SignUpAdded' ? event : {
            ...event,
            data: { ...(event.data as object), name: null, values: null },
            metadata: { ...event.metadata, erased: true, erasedFields: ['name', 'values'] },
          })),
        };
      };
      const ids = projectIds();
      await h.append(projectCreated(ids), ...projectStructure(ids), signUpAdded(ids, { name: 'Anna' }), signUpAdded(ids, { name: 'Ben', signupId: randomUUID() }));
      h.start();
      await h.caughtUp();
      expect(h.errors()).toEqual([]);
      const status = (await getProjectionStatus(h.kit.pool)).find((s) => s.name === projection.name);
      expect({ state: status?.state, error: status?.error }).toEqual({ state: 'running', error: null });
    } finally {
      await h.close();
    }
  }, 60_000);
});
