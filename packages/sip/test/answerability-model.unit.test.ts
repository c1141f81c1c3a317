import { settingDefault } from '@memctx/shared';
import { describe, expect, it } from 'vitest';
import { answerabilityModelFor, evidencePolicyFor } from '../src/index.js';

describe('answerability models per embedding model', () => {
  it('has one fitted for the default embedding model, and one of its own for bge-small', () => {
    const byDefault = answerabilityModelFor(settingDefault('embeddingModel'));
    expect(byDefault.fittedOn).toMatch(/questions of/);
    expect(answerabilityModelFor('BAAI/bge-small-en-v1.5')).not.toBe(byDefault);
  });

  it("gives a model nobody fitted (an endpoint's) the default's weights", () => {
    expect(answerabilityModelFor('text-embedding-3-small')).toBe(answerabilityModelFor());
  });

  it("takes the model's threshold unless one is configured", () => {
    const bge = answerabilityModelFor('BAAI/bge-small-en-v1.5');
    expect(evidencePolicyFor('BAAI/bge-small-en-v1.5')).toEqual({ model: bge, abstainBelow: bge.threshold });
    expect(evidencePolicyFor('BAAI/bge-small-en-v1.5', 0.5)).toEqual({ model: bge, abstainBelow: 0.5 });
  });
});
