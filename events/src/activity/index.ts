export * from './activity.events';
export * from './activity.commands';
export * from './activity.endpoints';
