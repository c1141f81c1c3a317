import type { SpanExporter } from '@opentelemetry/sdk-trace-node';

export interface Tracing {
  /** The exporter in use (`otlp` or `console`). */
  exporter: string;
  /** Exports what is buffered and stops. */
  stop(): Promise<void>;
}

/**
 * Tracing is off unless the standard variables ask for it (issue 27): OTEL_TRACES_EXPORTER (`otlp`, `console`;
 * `none` keeps it off) or OTEL_EXPORTER_OTLP_ENDPOINT / OTEL_EXPORTER_OTLP_TRACES_ENDPOINT; OTEL_SDK_DISABLED=true
 * wins over both. Then a NodeTracerProvider is registered globally (W3C propagation, async-hooks context), with a
 * batching OTLP/HTTP exporter that reads its endpoint, headers and timeout from the OTEL_EXPORTER_OTLP_* variables;
 * OTEL_SERVICE_NAME / OTEL_RESOURCE_ATTRIBUTES name the service (memctx by default), OTEL_TRACES_SAMPLER samples.
 * `env` decides whether; the exporter itself reads its OTEL_EXPORTER_OTLP_* settings from process.env.
 * Code only ever calls `@opentelemetry/api`, whose no-op tracer costs nothing while this is off; the SDK is not even loaded.
 */
export async function startTracing(env: NodeJS.ProcessEnv = process.env, serviceName = 'memctx'): Promise<Tracing | undefined> {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined;
  const requested = env.OTEL_TRACES_EXPORTER?.split(',').map((name) => name.trim().toLowerCase()).filter(Boolean) ?? [];
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (requested.includes('none') || (requested.length === 0 && !endpoint)) return undefined;
  const [{ OTLPTraceExporter }, { detectResources, envDetector, resourceFromAttributes }, { BatchSpanProcessor, ConsoleSpanExporter, NodeTracerProvider }] =
    await Promise.all([import('@opentelemetry/exporter-trace-otlp-http'), import('@opentelemetry/resources'), import('@opentelemetry/sdk-trace-node')]);
  const name = requested.find((candidate) => candidate === 'console') ?? 'otlp';
  const exporter: SpanExporter = name === 'console' ? new ConsoleSpanExporter() : new OTLPTraceExporter();
  const resource = resourceFromAttributes({ 'service.name': serviceName }).merge(detectResources({ detectors: [envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  provider.register();
  return { exporter: name, stop: () => provider.shutdown() };
}
