import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { anyConnector, createConnectorRegistry, defaultConnectors, type Connector } from '../src/index.js';

describe('connectors behind one type', () => {
  const seen: { token: string }[] = [];
  const typed: Connector<{ token: string }> = {
    type: 'probe',
    displayName: 'Probe',
    credentialFields: [],
    credentials: z.object({ token: z.string().min(1) }),
    list: (credentials) => (seen.push(credentials), Promise.resolve([])),
    check: (credentials) => (seen.push(credentials), Promise.resolve()),
    fetch: (credentials, externalId) =>
      (seen.push(credentials), Promise.resolve({ external_id: externalId, title: 't', mime_type: 'text/plain', source_url: '', metadata: {}, content: Buffer.from('x') })),
  };

  it('hands the connector its own credential type, checked by its schema before any call reaches it', async () => {
    const held = anyConnector(typed);
    await held.list({ token: 'abc' }, null, 10);
    expect(seen).toEqual([{ token: 'abc' }]);
    await expect(held.check({ token: 42 }, 'doc')).rejects.toThrow(z.ZodError);
    expect(seen).toHaveLength(1);
    expect((await held.fetch({ token: 'abc' }, 'doc')).external_id).toBe('doc');
  });

  it('offers web and github by default, filesystem only with a root', () => {
    const types = (fsRoot?: string) => createConnectorRegistry(defaultConnectors({ fsRoot })).catalog().map((c) => c.connector_type);
    expect(types()).toEqual(['web', 'github']);
    expect(types('/tmp')).toEqual(['filesystem', 'web', 'github']);
  });
});
