import { context, propagation, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testKafkaBrokers } from '@memctx/testing';
import { startTestServer, type TestServer } from './server.js';

// The SDK as an operator's OTEL_* variables would register it, with the in-memory exporter in place of OTLP.
const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

let server: TestServer;
beforeAll(async () => {
  provider.register();
  // Every role in one process, so one round passes each traced stage: the relay publishes to Kafka, the local model embeds.
  const brokers = await testKafkaBrokers();
  server = await startTestServer({
    MEMCTX_ROLES: 'api,projector,worker,relay', MEMCTX_KAFKA_BROKERS: brokers.join(','), MEMCTX_KAFKA_TOPIC: `memctx.test.tracing.${randomUUID()}`,
  });
});
afterAll(async () => {
  await server?.stop();
  await provider.shutdown();
  trace.disable();
  context.disable();
  propagation.disable();
});

const linksOf = (span: ReadableSpan) => span.links.map((link) => `${link.context.traceId}/${link.context.spanId}`);
const describeSpan = (span: ReadableSpan) =>
  `${span.name}  trace=${span.spanContext().traceId} span=${span.spanContext().spanId}` +
  `${span.parentSpanContext ? ` parent=${span.parentSpanContext.spanId}` : ''}` +
  `${span.links.length ? ` links=[${linksOf(span).join(', ')}]` : ''}` +
  `${Object.keys(span.attributes).length ? ` ${JSON.stringify(span.attributes)}` : ''}`;

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('tracing one round (issue 27)', () => {
  it('chains the request, its command and its stages, the group commit, the projector batches, the relay and the embedding filler', async () => {
    const user = await server.newUser('tracing');
    exporter.reset();
    const ingested = await user.call('POST', '/api/v1/memory/ingest', {
      session_id: 'traced-1',
      user_message: 'My sister Ingrid lives in Bergen and keeps bees.',
      assistant_message: 'Bees in Bergen, noted.',
    });
    expect(ingested.status).toBe(200);
    // A SIP build waits until the round is projected (read your writes), and traces its stages.
    const sip = await user.call('POST', '/api/v1/sip/build', { query: 'Where does my sister live?', session_id: 'traced-1' });
    expect(sip.status).toBe(200);

    const spans = () => exporter.getFinishedSpans();
    const request = await waitFor(() => spans().find((span) => span.name === 'HTTP POST /api/v1/memory/ingest'), 'ingest request span');
    const traceId = request.spanContext().traceId;
    const inTrace = (span: ReadableSpan) => span.spanContext().traceId === traceId;
    const linksToTrace = (span: ReadableSpan) => span.links.some((link) => link.context.traceId === traceId);

    const command = await waitFor(() => spans().find((span) => inTrace(span) && span.name === 'command IngestRound'), 'command span');
    expect(command.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    const childrenOf = (parent: ReadableSpan) => spans().filter((span) => span.parentSpanContext?.spanId === parent.spanContext().spanId);
    expect(childrenOf(command).map((span) => span.name)).toEqual(['command load', 'command decide', 'command append']);
    const append = childrenOf(command).find((span) => span.name === 'command append')!;
    const commit = await waitFor(() => spans().find((span) => span.name === 'group commit' && linksToTrace(span)), 'group commit span');
    // The batch's span links to the span that waited for it.
    expect(commit.links.map((link) => link.context.spanId)).toContain(append.spanContext().spanId);
    expect(commit.attributes['memctx.batch.items']).toBeGreaterThanOrEqual(1);
    const batches = await waitFor(() => {
      const found = spans().filter((span) => /^projection \S+ batch$/.test(span.name) && linksToTrace(span));
      return found.length > 0 ? found : undefined;
    }, 'projector batch span linked to the request');
    for (const batch of batches) {
      expect(batch.links.map((link) => link.context.spanId)).toContain(command.spanContext().spanId);
      expect(batch.attributes['memctx.events']).toBeGreaterThanOrEqual(1);
    }
    const relayed = await waitFor(() => spans().find((span) => span.name === 'relay publish' && linksToTrace(span)), 'relay publish span linked to the request');
    expect(relayed.links.map((link) => link.context.spanId)).toContain(command.spanContext().spanId);
    // The filler's batch names the feed positions of the records it embedded; the command span names its event's.
    const position = command.attributes['memctx.global_position'];
    expect(position).toBeGreaterThan(0);
    await waitFor(
      () => spans().find((span) => span.name === 'embedding filler batch' && (span.attributes['memctx.global_positions'] as number[]).includes(position as number)),
      'embedding filler batch of the round',
    );
    const sipBuild = await waitFor(() => spans().find((span) => span.name === 'sip build'), 'sip build span');
    expect(sipBuild.attributes['memctx.sip.record_ids']).toContain((ingested.body as { round_id: string }).round_id);
    const stages = spans().filter((span) => span.parentSpanContext?.spanId === sipBuild.spanContext().spanId);
    expect(stages.length).toBeGreaterThan(0);

    // The round's trace, as an operator's backend would show it: its spans, and the spans linked to it.
    const startOf = (span: ReadableSpan) => span.startTime[0] * 1e9 + span.startTime[1];
    const filled = (span: ReadableSpan) => span.name === 'embedding filler batch' && (span.attributes['memctx.global_positions'] as number[]).includes(position as number);
    const round = spans()
      .filter((span) => inTrace(span) || linksToTrace(span) || filled(span) || span.spanContext().traceId === sipBuild.spanContext().traceId)
      .sort((a, b) => startOf(a) - startOf(b));
    console.log(`trace of one round (${round.length} spans):\n${round.map(describeSpan).join('\n')}`);
  });
});
