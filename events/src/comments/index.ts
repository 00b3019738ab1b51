// The comments feature's contract (ADR 0006): paths, events, the comment index, commands, endpoints.
export * from './comment-path';
export * from './comment.events';
export * from './comment-index';
export * from './comment.commands';
export * from './comment.endpoints';
export * from './comment-access';
