import { ALL_BUNDLES } from './all-bundles';
import { createBundleRegistry, type BundleDefinition } from './bundle-registry';

const bundle = (name: string): BundleDefinition => ({ name, login: false, team: false, tags: () => [], load: async () => null });

describe('bundle registry', () => {
  it('holds the core bundles of issue 4', () => {
    const registry = createBundleRegistry(ALL_BUNDLES);
    expect([...registry.keys()]).toEqual(['client', 'links', 'access', 'user', 'project']);
    expect(registry.get('client')).toMatchObject({ login: true, team: true });
    expect(registry.get('links')).toMatchObject({ login: true, team: false });
  });

  it('refuses a name twice and names that no request could ask for', () => {
    expect(() => createBundleRegistry([bundle('client'), bundle('client')])).toThrow('registered twice');
    expect(() => createBundleRegistry([bundle('Client-Details')])).toThrow('not a valid name');
  });
});
