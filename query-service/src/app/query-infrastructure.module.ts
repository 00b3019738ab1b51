import { Global, Module, type DynamicModule } from '@nestjs/common';
import { CLOCK, systemClock, type Clock } from '@planwerk/platform';
import type { EventStore, VersionInfo } from '@planwerk/events';
import type { Pool } from 'pg';
import type { ProjectionChangeSource, ProjectionStatusSource } from '../shared/projections/projection-status.port';
import { ReadYourWrites } from '../shared/read-your-writes/read-your-writes';
import type { QueryServiceOptions } from './query-service.options';
import { EVENT_STORE, PG_POOL, PROJECTION_NOTIFIER, PROJECTION_STATUS, QUERY_SERVICE_OPTIONS, VERSION_INFO } from './tokens';

export interface QueryInfrastructure {
  pool: Pool;
  store: EventStore;
  notifier: ProjectionChangeSource;
  projections: ProjectionStatusSource;
  versionInfo: VersionInfo;
  options: QueryServiceOptions;
  /** The time of handlers and the session guard (CLOCK); the wall clock by default. */
  clock?: Clock;
}

// Global so every feature module's query handlers can inject the pool and ReadYourWrites
// without re-importing the wiring.
@Global()
@Module({})
export class QueryInfrastructureModule {
  static register(infrastructure: QueryInfrastructure): DynamicModule {
    return {
      module: QueryInfrastructureModule,
      providers: [
        { provide: PG_POOL, useValue: infrastructure.pool },
        { provide: CLOCK, useValue: infrastructure.clock ?? systemClock },
        { provide: EVENT_STORE, useValue: infrastructure.store },
        { provide: PROJECTION_NOTIFIER, useValue: infrastructure.notifier },
        { provide: PROJECTION_STATUS, useValue: infrastructure.projections },
        { provide: VERSION_INFO, useValue: infrastructure.versionInfo },
        { provide: QUERY_SERVICE_OPTIONS, useValue: infrastructure.options },
        ReadYourWrites,
      ],
      exports: [CLOCK, PG_POOL, EVENT_STORE, PROJECTION_NOTIFIER, PROJECTION_STATUS, VERSION_INFO, QUERY_SERVICE_OPTIONS, ReadYourWrites],
    };
  }
}
