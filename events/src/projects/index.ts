export * from './project.events';
export * from './project-state';
export * from './project-visibility';
export * from './project.commands';
export * from './project.endpoints';
export * from './project-invite.events';
export * from './project-invite.endpoints';
