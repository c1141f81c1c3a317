import { eventSchemas, type EventData, type EventType } from './schemas.js';

export * from './schemas.js';

export type DomainEvent = { [T in EventType]: { type: T; data: EventData<T> } }[EventType];
export type EventOf<T extends EventType> = Extract<DomainEvent, { type: T }>;

export class InvalidEventError extends Error {
  constructor(
    readonly eventType: string,
    readonly issues: string,
  ) {
    super(`invalid ${eventType} event: ${issues}`);
    this.name = 'InvalidEventError';
  }
}

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(eventSchemas, type);
}

/** Validates stored or incoming event data against its schema. */
export function parseDomainEvent(type: string, data: unknown): DomainEvent {
  if (!isEventType(type)) throw new InvalidEventError(type, 'unknown event type');
  const result = eventSchemas[type].safeParse(data);
  if (!result.success) throw new InvalidEventError(type, result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return { type, data: result.data } as DomainEvent;
}

export function event<T extends EventType>(type: T, data: EventData<T>): EventOf<T> {
  return { type, data } as EventOf<T>;
}
