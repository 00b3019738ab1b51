import { Module } from '@nestjs/common';
import { ListMySignupsHttp } from './list-my-signups/list-my-signups.http';

// The reads of sign-ups across teams (ADR 0006).
@Module({ controllers: [ListMySignupsHttp] })
export class SignupsQueryModule {}
