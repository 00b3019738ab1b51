import { Module } from '@nestjs/common';
import { BackupsHttp } from './backups.http';
import { BackupsRepository } from './backups.repository';
import { BackupsService } from './backups.service';

// Backups, restore and undo (ADR 0008). The active-project slot port (ACTIVE_PROJECT_SLOTS)
// comes from the global TeamsModule, as for the projects feature.
@Module({ controllers: [BackupsHttp], providers: [BackupsRepository, BackupsService] })
export class BackupsModule {}
