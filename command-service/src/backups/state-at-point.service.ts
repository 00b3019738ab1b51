import { Injectable } from '@nestjs/common';
import type { BackupPointQuery, getBackupDiffEndpoint, getBackupStateEndpoint, ResponseOf } from '@planwerk/events';
import type { BackupCaller } from './backup-caller';
import { BackupStreams } from './backup-streams';
import { diffSnapshots, stateView } from './backup-views';

/** The project as it was at a point, and what changed from then to now. */
@Injectable()
export class StateAtPointService {
  constructor(private readonly streams: BackupStreams) {}

  async state(caller: BackupCaller, projectId: string, query: BackupPointQuery): Promise<ResponseOf<typeof getBackupStateEndpoint>> {
    const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
    const include = this.streams.include(query);
    const point = this.streams.pointOf(streams, include);
    return { ...point, ...stateView(this.streams.snapshot(streams, include), query.listId) };
  }

  async diff(caller: BackupCaller, projectId: string, query: BackupPointQuery): Promise<ResponseOf<typeof getBackupDiffEndpoint>> {
    const streams = await this.streams.loadOfTeam(caller.teamId, projectId);
    const include = this.streams.include(query);
    return { ...this.streams.pointOf(streams, include), ...diffSnapshots(this.streams.snapshot(streams, include), this.streams.snapshot(streams), query.listId) };
  }
}
