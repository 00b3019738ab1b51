import { Module } from '@nestjs/common';
import { ListMySignUpsHttp } from './list-my-signups/list-my-signups.http';

// The reads of sign-ups across teams (ADR 0006).
@Module({ controllers: [ListMySignUpsHttp] })
export class SignUpsQueryModule {}
