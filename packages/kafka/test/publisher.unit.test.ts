import { KafkaJSConnectionError, KafkaJSNonRetriableError, KafkaJSProtocolError } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { lostProducerState } from '@memctx/kafka';

// kafkajs builds a protocol error from the broker's error code: its type names the code.
const protocolError = (type: string, code: number) =>
  Object.assign(new KafkaJSProtocolError('the broker refused the produce request'), { type, code });

describe('lostProducerState', () => {
  it('given the broker answered that it lost or refuses the producer state, then the producer must be replaced', () => {
    for (const [type, code] of [['OUT_OF_ORDER_SEQUENCE_NUMBER', 45], ['UNKNOWN_PRODUCER_ID', 59], ['INVALID_PRODUCER_EPOCH', 47], ['INVALID_PRODUCER_ID_MAPPING', 49]] as const) {
      expect(lostProducerState(protocolError(type, code)), type).toBe(true);
    }
  });

  it('given such an answer wrapped by the retrier, then it is found through the cause', () => {
    const wrapped = new KafkaJSNonRetriableError(protocolError('UNKNOWN_PRODUCER_ID', 59));
    (wrapped as { cause?: unknown }).cause = protocolError('UNKNOWN_PRODUCER_ID', 59);
    expect(lostProducerState(wrapped)).toBe(true);
  });

  it('given a broker away or another refusal, then the same producer tries again', () => {
    expect(lostProducerState(new KafkaJSConnectionError('Connection error: connect ECONNREFUSED 127.0.0.1:9092'))).toBe(false);
    expect(lostProducerState(protocolError('NOT_LEADER_FOR_PARTITION', 6))).toBe(false);
    expect(lostProducerState(new Error('socket hang up'))).toBe(false);
    expect(lostProducerState(undefined)).toBe(false);
  });
});
