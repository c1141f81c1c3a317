export { startProjector, prepareGenerations, type ProjectorHandle, type ProjectorDeps } from './projector.js';
export { startKafkaProjector } from './kafka-projector.js';
