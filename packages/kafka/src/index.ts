export { toMessage, fromMessage, HEADERS, MalformedEventMessageError, type EventMessage } from './codec.js';
export { createKafkaPublisher, kafkaClient, lostProducerState, DEFAULT_TOPIC, type EventPublisher, type KafkaOptions } from './publisher.js';
export { createKafkaEventSource, type EventSource, type EventSourceBatch } from './consumer.js';
export { ensureTopic, groupAssignment, groupLag } from './admin.js';
