import { Module } from '@nestjs/common';
import { SignupAccess } from './signup-access';
import { SignupCommandHandler } from './signup-command-handler';
import { SignupUseCases } from './signup-use-cases';
import { SignupsHttp } from './signups.http';

// One command handler per process: it holds the per-stream lock and the state caches (ADR 0006).
@Module({ controllers: [SignupsHttp], providers: [SignupCommandHandler, SignupAccess, SignupUseCases] })
export class SignupsModule {}
