export * from './project-templates';
export * from './template.endpoints';
