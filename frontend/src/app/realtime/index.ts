// Live updates in the console (ADR 0009).
export { liveConnection, liveSocketsEnabled, onLiveLoginState, syncLiveLogin, closeLiveConnection, type LiveConnection } from './live-connection';
export { useProjectLive, staleTagsOf, takesItem, type ProjectLiveOptions } from './use-project-live';
export { useServiceEvent } from './use-service-event';
export { ServiceEvents } from './service-events';
