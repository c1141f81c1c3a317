import { describe, expect, it } from 'vitest';
import { extensionEndpoints, OPERATION_ACCESS, operationAccess, scopesNeeded, specEndpoints } from '../src/index.js';

const keyed = [...specEndpoints, ...extensionEndpoints].filter((endpoint) => endpoint.security === 'apiKey').map((endpoint) => endpoint.operationId);

describe('the scope map', () => {
  it('names every operation behind an API key, and nothing else', () => {
    expect(Object.keys(OPERATION_ACCESS).sort()).toEqual([...keyed].sort());
  });

  it('closes an operation it does not name to any key with less than full access', () => {
    expect(operationAccess('someDemo')).toEqual({ scope: 'all', project: 'all' });
    expect(scopesNeeded(operationAccess('someDemo'))).toEqual(['read', 'write', 'sip']);
    expect(scopesNeeded(operationAccess('buildSip'))).toEqual(['sip']);
  });
});
