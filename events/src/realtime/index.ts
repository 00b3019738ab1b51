// Live updates over the realtime socket (ADR 0009): protocol, event mapping, endpoints, clients.
export * from './live.constants';
export * from './live.protocol';
export * from './live-events';
export * from './realtime.endpoints';
export * from './live-socket';
export * from './live-client';
export * from './service-client';
export * from './log-client';
