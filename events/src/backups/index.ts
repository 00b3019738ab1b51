// The backups feature's contract (ADR 0008): markers and restore records, endpoints.
export * from './backup.events';
export * from './backup.endpoints';
