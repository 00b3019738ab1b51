import { bundleBodySchemas } from '@planwerk/events';
import { ALL_BUNDLES } from './all-bundles';
import { createBundleRegistry, type AnyBundleDefinition } from './bundle-registry';

// The contract types a definition's name; a name outside it only reaches the registry past the types.
const bundle = (name: string) => ({ name, login: false, team: false, tags: () => [], load: async () => null }) as unknown as AnyBundleDefinition;

describe('bundle registry', () => {
  it('holds the core bundles of issue 4', () => {
    const registry = createBundleRegistry(ALL_BUNDLES);
    expect([...registry.keys()]).toEqual(['client', 'links', 'access', 'user', 'project']);
    expect(registry.get('client')).toMatchObject({ login: true, team: true });
    expect(registry.get('links')).toMatchObject({ login: true, team: false });
  });

  it('registers exactly the bundles the contract declares a body schema for', () => {
    expect(ALL_BUNDLES.map((definition) => definition.name).sort()).toEqual(Object.keys(bundleBodySchemas).sort());
  });

  it('refuses a name twice and names that no request could ask for', () => {
    expect(() => createBundleRegistry([bundle('client'), bundle('client')])).toThrow('registered twice');
    expect(() => createBundleRegistry([bundle('Client-Details')])).toThrow('not a valid name');
  });
});
