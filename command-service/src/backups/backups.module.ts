import { Module } from '@nestjs/common';
import { BackupPointsService } from './backup-points.service';
import { BackupStreams } from './backup-streams';
import { BackupsHttp } from './backups.http';
import { BackupsRepository } from './backups.repository';
import { HistoryExportService } from './history-export.service';
import { RestoreCommit } from './restore-commit';
import { RestoreService } from './restore.service';
import { StateAtPointService } from './state-at-point.service';
import { UndoService } from './undo.service';

// Backups, restore and undo (ADR 0008), one service per use case over the shared stream reads
// (BackupStreams) and the one restore commit. The active-project slot port
// (ACTIVE_PROJECT_SLOTS) comes from the global TeamsModule, as for the projects feature.
@Module({
  controllers: [BackupsHttp],
  providers: [BackupsRepository, BackupStreams, RestoreCommit, BackupPointsService, StateAtPointService, RestoreService, UndoService, HistoryExportService],
})
export class BackupsModule {}
