export { startProjector, type ProjectorHandle } from './projector.js';
