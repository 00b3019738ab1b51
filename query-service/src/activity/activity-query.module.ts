import { Module } from '@nestjs/common';
import { ListTeamActivityHttp } from './list-team-activity.http';
import { ProjectChangesHttp } from './project-changes.http';

@Module({ controllers: [ListTeamActivityHttp, ProjectChangesHttp] })
export class ActivityQueryModule {}
