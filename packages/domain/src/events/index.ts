export * from './project.js';
export * from './session.js';
export * from './source.js';
export * from './user.js';
export * from './domain-event.js';
export * from './parse.js';
