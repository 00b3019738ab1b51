// The public entry of the create feature: other features import only from here (ADR 0010).
export { createRoutes } from './create.routes';
