export * from './signup.events';
export * from './signup.commands';
export * from './signup.endpoints';
