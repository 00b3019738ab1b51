// The public entry of the comments feature: other features import only from here (ADR 0010).
export { CommentsButton } from './comments-panel';
export { commentPath } from './comments.api';
