import { Module } from '@nestjs/common';
import { SignupsHttp } from './signups.http';
import { SignupCommandHandler } from './signup-command-handler';
import { SignupUseCases } from './signup-use-cases';

// One repository per process: it holds the per-stream lock and the state caches (ADR 0006).
@Module({ controllers: [SignupsHttp], providers: [SignupCommandHandler, SignupUseCases] })
export class SignupsModule {}
