import { BUNDLE_NAME, type BundleBody, type BundleHeader, type BundleName, type LinkEntry } from '@planwerk/events';
import { type CallerMembership, type Queryable } from '@planwerk/platform';

/** What a bundle gets to read its part. */
export interface BundleContext {
  db: Queryable;
  /** null for an anonymous visitor (only bundles without `login` run for them). */
  userId: string | null;
  /** The caller's link list, read once per request. */
  links: readonly LinkEntry[];
  /** The resolved team with the caller's membership; set for bundles with `team: true`. */
  team: CallerMembership | null;
  /** The project password of the request, for project bundles. */
  prjPass: string | null;
  /** The request's header (cc_id, prj_id, cc_link, prj_link), for project bundles. */
  header: BundleHeader;
  /** The client's address, for per-client limits (wrong project passwords). */
  clientIp: string | null;
  /** The time of the request, read once from the clock port. */
  now: Date;
}

/**
 * One bundle name of POST /v5/bundle. A feature adds its bundle by listing one of these in
 * `all-bundles.ts`. `tags` names what the answer depends on (bundle-tags.ts), so the cache
 * drops it when that changes; a `load` that throws a DomainError answers that bundle's error.
 */
export interface BundleDefinition<N extends BundleName = BundleName> {
  /** A name of the contract's `bundleBodySchemas`: its schema types what `load` answers. */
  name: N;
  /** Needs a signed-in user: anonymous visitors get 6011 for this bundle. */
  login: boolean;
  /** Needs the team of the request (header cc_id / cc_link, or the default team). */
  team: boolean;
  tags(context: BundleContext): string[];
  load(context: BundleContext): Promise<BundleBody<N>>;
}

/** A bundle definition of any name. */
export type AnyBundleDefinition = { [N in BundleName]: BundleDefinition<N> }[BundleName];

export type BundleRegistry = ReadonlyMap<string, AnyBundleDefinition>;

export function createBundleRegistry(definitions: readonly AnyBundleDefinition[]): BundleRegistry {
  const registry = new Map<string, AnyBundleDefinition>();
  for (const definition of definitions) {
    if (registry.has(definition.name)) throw new Error(`Bundle ${definition.name} is registered twice`);
    if (!BUNDLE_NAME.test(definition.name)) throw new Error(`Bundle name ${definition.name} is not a valid name`);
    registry.set(definition.name, definition);
  }
  return registry;
}
