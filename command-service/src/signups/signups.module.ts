import { Module } from '@nestjs/common';
import { SignUpsHttp } from './signups.http';
import { SignUpsRepository } from './signups.repository';
import { SignUpsService } from './signups.service';

// One repository per process: it holds the per-stream lock and the state caches (ADR 0006).
@Module({ controllers: [SignUpsHttp], providers: [SignUpsRepository, SignUpsService] })
export class SignUpsModule {}
