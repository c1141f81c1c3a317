import { Kafka, logLevel } from 'kafkajs';
import { settingDefault } from '@memctx/shared';

export interface KafkaOptions {
  brokers: readonly string[];
  clientId?: string;
  /** How many times a request is retried before the client gives up (a consumer then crashes and restarts). */
  retries?: number;
}

export const DEFAULT_TOPIC = settingDefault('kafkaTopic');

export function kafkaClient(options: KafkaOptions): Kafka {
  return new Kafka({
    clientId: options.clientId ?? 'memctx',
    brokers: [...options.brokers],
    // kafkajs logs through console by default; our processes log through pino, and errors surface as rejections.
    logLevel: logLevel.NOTHING,
    // Waits between retries capped at 1 s (kafkajs's default doubles them up to 30 s), so a broker back after a
    // restart is found within a second; and enough of them (~18 s) that a consumer rides out a restart as the
    // same group member instead of crashing, since a new member waits out the old one's session before a rebalance.
    retry: { retries: options.retries ?? 20, initialRetryTime: 200, maxRetryTime: 1_000 },
  });
}
