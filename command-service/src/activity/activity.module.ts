import { Module } from '@nestjs/common';
import { ActivityHttp } from './activity.http';
import { ActivityService } from './activity.service';

@Module({ controllers: [ActivityHttp], providers: [ActivityService] })
export class ActivityModule {}
