export { toMessage, fromMessage, HEADERS, MalformedEventMessageError, type EventMessage } from './codec.js';
export { plannedSends, NOTHING_TO_RESEND, type ResendState } from './resend.js';
export { kafkaClient, DEFAULT_TOPIC, type KafkaOptions } from './client.js';
export { createKafkaPublisher, lostProducerState, type EventPublisher } from './publisher.js';
export { alreadyOnTopic, NO_TAILS, partitionOf, pastTails, readTails, type TopicTails } from './tails.js';
export { createKafkaEventSource, type EventSource, type EventSourceBatch } from './consumer.js';
export { ensureTopic, groupAssignment, groupLag } from './admin.js';
