// Domain constants of spec sections 3, 4 and 9. Browser-safe: no Node imports here, the
// console imports this folder directly.
export * from './access.constants';
export * from './colours.constants';
export * from './entities.constants';
export * from './limits.constants';
export * from './locale.constants';
export * from './project-status.constants';
export * from './realtime.constants';
export * from './routes.constants';
export * from './versions.constants';
