// The public entry of the errors feature: other features import only from here (ADR 0010).
export { NotFoundPage } from './not-found-page';
