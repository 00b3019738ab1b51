import { Module } from '@nestjs/common';
import { DevModeGuard, DevToolsHttp } from './dev-tools.http';

@Module({ controllers: [DevToolsHttp], providers: [DevModeGuard] })
export class DevToolsModule {}
