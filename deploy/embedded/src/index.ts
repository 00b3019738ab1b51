export { startPlanwerk, type StartPlanwerkOptions, type RunningPlanwerk } from './start-planwerk';
export { startEmbeddedPostgres } from './embedded-postgres';
export { createGateway } from './gateway';
export { createStaticSite } from './static-files';
