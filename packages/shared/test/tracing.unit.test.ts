import { describe, expect, it } from 'vitest';
import { activeSpanContext, inSpan, inSpanSync, traceLinks, withTraceContext } from '../src/tracing.js';

// With no SDK registered, as by default: the API's no-op tracer, nothing added to events, nothing linked.
describe('tracing while off (issue 27)', () => {
  it('runs the work, adds no trace context to metadata and links nothing', async () => {
    const metadata = { request_id: 'r-1' };
    const result = await inSpan('work', {}, async () => ({ inside: withTraceContext(metadata), none: withTraceContext(undefined), active: activeSpanContext() }));
    expect(result).toEqual({ inside: metadata, none: undefined, active: undefined });
    await expect(inSpan('failing', {}, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(inSpanSync('decide', {}, () => 42)).toBe(42);
    expect(() => inSpanSync('refused', {}, () => { throw new Error('no'); })).toThrow('no');
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    expect(traceLinks([{ trace_context: { traceparent } }, {}, undefined, { trace_context: 'x' }])).toEqual([]);
  });
});
