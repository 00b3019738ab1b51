import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { TIMINGS_MS } from '@planwerk/events';
import { migrateTeams, migrateUserLinks } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ALL_BUNDLES } from './all-bundles';
import { BundleCache } from './bundle-cache';
import { BUNDLE_CACHE, BundleInvalidator } from './bundle-invalidator';
import { createBundleRegistry } from './bundle-registry';
import { BundleHttp } from './bundle.http';
import { BUNDLE_REGISTRY, BundleService } from './bundle.service';

// Spec section 9: bundle answers are cached 5 minutes.
const MAX_CACHED_ANSWERS = 10_000;

@Module({
  controllers: [BundleHttp],
  providers: [
    { provide: BUNDLE_CACHE, useFactory: () => new BundleCache({ ttlMs: TIMINGS_MS.bundleCache, maxEntries: MAX_CACHED_ANSWERS }) },
    { provide: BUNDLE_REGISTRY, useFactory: () => createBundleRegistry(ALL_BUNDLES) },
    BundleInvalidator,
    BundleService,
  ],
})
export class BundleModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
    await migrateUserLinks(this.pool);
  }
}
