export * from './activity.events';
export * from './activity.commands';
export * from './activity.endpoints';
export * from './sentences';
