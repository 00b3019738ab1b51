import { Module } from '@nestjs/common';
import { LiveHub } from './live-hub';
import { RealtimeHttp } from './realtime.http';

// Live updates (ADR 0009): the hub with its feed, and the socket calls over HTTP. The gateway
// at /v5/ws (ProjectionGateway, wired by the app module) hands live-protocol messages to the hub.
@Module({
  controllers: [RealtimeHttp],
  providers: [LiveHub],
  exports: [LiveHub],
})
export class RealtimeModule {}
