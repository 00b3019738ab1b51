import { Inject, Module, type OnModuleInit } from '@nestjs/common';
import { migrateTeams, migrateUserLinks } from '@planwerk/platform';
import type { Pool } from 'pg';
import { PG_POOL } from '../app/tokens';
import { ListUserLinksHttp } from './list-user-links.http';

@Module({ controllers: [ListUserLinksHttp] })
export class LinksQueryModule implements OnModuleInit {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  // The link list joins the team tables: whichever service starts first creates them.
  async onModuleInit(): Promise<void> {
    await migrateTeams(this.pool);
    await migrateUserLinks(this.pool);
  }
}
