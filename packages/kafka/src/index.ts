export { toMessage, fromMessage, HEADERS, MalformedEventMessageError, type EventMessage } from './codec.js';
export { plannedSends, NOTHING_TO_RESEND, type ResendState } from './resend.js';
export { createKafkaPublisher, kafkaClient, lostProducerState, DEFAULT_TOPIC, type EventPublisher, type KafkaOptions } from './publisher.js';
export { createKafkaEventSource, type EventSource, type EventSourceBatch } from './consumer.js';
export { ensureTopic, groupAssignment, groupLag } from './admin.js';
