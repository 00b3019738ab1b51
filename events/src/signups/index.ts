export * from './signup.events';
export * from './signup.commands';
export * from './signup.endpoints';
export * from './signup-notification.events';
export * from './signup-notification.endpoints';
