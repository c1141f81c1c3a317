import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { createMemctxClient } from '@memctx/client';

// A stand-in for an OTLP collector (Jaeger, Tempo, the OpenTelemetry Collector): memctx started with
// OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 posts its spans here, as OTLP/HTTP JSON.
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  startTimeUnixNano: string;
  endTimeUnixNano: string;
  links?: { traceId: string; spanId: string }[];
  attributes?: { key: string; value: { intValue?: string | number; arrayValue?: { values: { intValue?: string | number }[] } } }[];
}
const spans: OtlpSpan[] = [];
let lastArrival = Date.now();
const collector = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk)).on('end', () => {
    const body = Buffer.concat(chunks);
    const request = JSON.parse((req.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString());
    for (const resource of request.resourceSpans ?? []) for (const scope of resource.scopeSpans ?? []) spans.push(...(scope.spans ?? []));
    lastArrival = Date.now();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
await new Promise<void>((resolve) => collector.listen(Number(process.env.OTLP_PORT ?? 4318), resolve));

// One round, in one trace of our own: each call carries a W3C traceparent, so memctx's request spans join it.
const traceId = randomBytes(16).toString('hex');
const traced: typeof fetch = (input, init) => {
  const request = new Request(input, init);
  request.headers.set('traceparent', `00-${traceId}-${randomBytes(8).toString('hex')}-01`);
  return fetch(request);
};
const client = createMemctxClient({ baseUrl: process.env.MEMCTX_URL ?? 'http://localhost:8080', apiKey: process.env.MEMCTX_API_KEY!, fetch: traced });
await client.ingestRound({ session_id: 'traced', user_message: 'My sister Ana lives in Porto.', assistant_message: 'Noted!' });
await client.buildSip({ query: 'Where does my sister live?' });

// Spans arrive in batches (OTEL_BSP_SCHEDULE_DELAY, 5 s unless set), and the projector, relay and filler work after
// the calls returned: collect until the SIP request's span is in and then none has come for TRACE_QUIET_MS.
const quietMs = Number(process.env.TRACE_QUIET_MS ?? 6_000);
const sipArrived = () => spans.some((span) => span.traceId === traceId && span.name.startsWith('HTTP POST /api/v1/sip'));
const deadline = Date.now() + 60_000;
while ((!sipArrived() || Date.now() - lastArrival < quietMs) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
collector.close();

const int = (span: OtlpSpan, key: string) => span.attributes?.find((a) => a.key === key)?.value;
const ms = (span: OtlpSpan) => `${(Number(BigInt(span.endTimeUnixNano) - BigInt(span.startTimeUnixNano)) / 1e6).toFixed(1)} ms`;
const byStart = (a: OtlpSpan, b: OtlpSpan) => (BigInt(a.startTimeUnixNano) < BigInt(b.startTimeUnixNano) ? -1 : 1);
const mine = spans.filter((span) => span.traceId === traceId).sort(byStart);
const named = new Map(mine.map((span) => [span.spanId, span.name]));
// The command's span names where its event went in the feed; the embedding filler's batch names the positions it filled.
const positions = new Set(mine.map((span) => Number(int(span, 'memctx.global_position')?.intValue)).filter((p) => p > 0));
const linked = spans.filter((span) => span.traceId !== traceId).sort(byStart).flatMap((span) => {
  const to = (span.links ?? []).filter((link) => link.traceId === traceId).map((link) => `links to ${named.get(link.spanId)}`);
  const filled = (int(span, 'memctx.global_positions')?.arrayValue?.values ?? []).map((v) => Number(v.intValue)).filter((p) => positions.has(p));
  return to.length ? [`${span.name}  ${ms(span)}  (${to.join(', ')})`] : filled.length ? [`${span.name}  ${ms(span)}  (filled feed position ${filled.join(', ')})`] : [];
});

const print = (parent: string | undefined, depth: number): void => {
  for (const span of mine.filter((s) => (parent ? s.parentSpanId === parent : !named.has(s.parentSpanId ?? '')))) {
    console.log(`${'  '.repeat(depth)}${span.name}  ${ms(span)}`);
    print(span.spanId, depth + 1);
  }
};
if (mine.length === 0) console.log('no spans arrived: start memctx with OTEL_EXPORTER_OTLP_ENDPOINT=http://localhost:4318 (see the README)');
console.log(`trace ${traceId}: ${mine.length} spans`);
print(undefined, 1);
console.log(`in traces of their own, linked to it: ${linked.length} spans`);
for (const line of linked) console.log(`  ${line}`);
