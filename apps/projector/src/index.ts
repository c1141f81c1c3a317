export { startProjector, prepareGenerations, type ProjectorHandle, type ProjectorDeps } from './projector.js';
export { startKafkaProjector } from './kafka-projector.js';
export { startProjectorRole } from './role.js';
