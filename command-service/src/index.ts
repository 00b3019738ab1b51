// @planwerk/command-service — the write side: HTTP commands under /v5 → decide → append.
export { createCommandService, type CreateCommandServiceDeps } from './app/create-command-service';
export { migrateCommandService } from './shared/idempotency/idempotency.migration';
