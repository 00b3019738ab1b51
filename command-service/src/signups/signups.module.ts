import { Module } from '@nestjs/common';
import { OrganiserNotificationsHttp } from './organiser-notifications.http';
import { OrganiserNotificationsService } from './organiser-notifications.service';
import { SignupAccess } from './signup-access';
import { SignupCommandHandler } from './signup-command-handler';
import { SignupUseCases } from './signup-use-cases';
import { SignupsHttp } from './signups.http';

// One command handler per process: it holds the per-stream lock and the state caches (ADR 0006).
@Module({ controllers: [SignupsHttp, OrganiserNotificationsHttp], providers: [SignupCommandHandler, SignupAccess, SignupUseCases, OrganiserNotificationsService] })
export class SignupsModule {}
