import { context, propagation, trace } from '@opentelemetry/api';
import { afterEach, describe, expect, it } from 'vitest';
import { startTracing } from '../src/tracing.js';

afterEach(() => {
  trace.disable();
  context.disable();
  propagation.disable();
});

// Never ended, so nothing is exported to the (absent) collector.
const recording = () => trace.getTracer('test').startSpan('probe').isRecording();

describe('startTracing (issue 27)', () => {
  it('stays off without the OTEL_* variables, with OTEL_TRACES_EXPORTER=none, and with OTEL_SDK_DISABLED=true', async () => {
    expect(await startTracing({})).toBeUndefined();
    expect(await startTracing({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' })).toBeUndefined();
    expect(await startTracing({ OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' })).toBeUndefined();
    expect(recording()).toBe(false);
  });

  it('registers the SDK with the OTLP exporter when an endpoint or the exporter is set', async () => {
    for (const env of [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' }, { OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:9/v1/traces' }]) {
      const tracing = await startTracing(env);
      expect(tracing?.exporter).toBe('otlp');
      expect(recording()).toBe(true);
      await tracing!.stop();
      trace.disable();
      context.disable();
      propagation.disable();
    }
  });
});
