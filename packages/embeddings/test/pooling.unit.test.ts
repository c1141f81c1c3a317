import { mean_pooling, Tensor } from '@huggingface/transformers';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pooledVectors } from '../src/pooling.js';

// transformers.js's own pooling and normalization, which pooledVectors replaces: the reference it must agree with.
function reference(hidden: Float32Array, mask: BigInt64Array, dims: [number, number, number], pooling: 'mean' | 'cls'): number[][] {
  const state = new Tensor('float32', hidden, dims);
  const pooled = pooling === 'mean' ? mean_pooling(state, new Tensor('int64', mask, [dims[0], dims[1]])) : state.slice(null, 0);
  const out = pooled.normalize(2, -1);
  const data = out.data as Float32Array;
  return Array.from({ length: dims[0] }, (_, i) => [...data.slice(i * dims[2], (i + 1) * dims[2])]);
}

// A batch as the tokenizer pads it: each row keeps a prefix of at least one token.
const batch = fc.record({ rows: fc.integer({ min: 1, max: 4 }), tokens: fc.integer({ min: 1, max: 12 }), width: fc.integer({ min: 1, max: 16 }) })
  .chain(({ rows, tokens, width }) => fc.record({
    dims: fc.constant<[number, number, number]>([rows, tokens, width]),
    hidden: fc.array(fc.integer({ min: -4000, max: 4000 }).map((n) => n / 1000), { minLength: rows * tokens * width, maxLength: rows * tokens * width }),
    kept: fc.array(fc.integer({ min: 1, max: tokens }), { minLength: rows, maxLength: rows }),
  }));

describe('pooled vectors', () => {
  it.each(['mean', 'cls'] as const)('agree with transformers.js %s pooling, normalized, on any padded batch', (pooling) => {
    fc.assert(fc.property(batch, ({ dims, hidden, kept }) => {
      const [rows, tokens] = dims;
      const mask = BigInt64Array.from({ length: rows * tokens }, (_, i) => (i % tokens < kept[Math.floor(i / tokens)]! ? 1n : 0n));
      const data = Float32Array.from(hidden);
      const ours = pooledVectors(data, mask, dims, pooling);
      const theirs = reference(data, mask, dims, pooling);
      ours.forEach((vector, i) => vector.forEach((x, k) => {
        // An all-zero row has no direction: both give NaN.
        if (Number.isNaN(theirs[i]![k]!)) expect(x).toBeNaN();
        else expect(x).toBeCloseTo(theirs[i]![k]!, 5);
      }));
    }));
  });

  it('leaves padding out of the mean', () => {
    const [vector] = pooledVectors(Float32Array.from([3, 4, 100, 100]), BigInt64Array.from([1n, 0n]), [1, 2, 2], 'mean');
    expect([...vector!]).toEqual([expect.closeTo(0.6, 6), expect.closeTo(0.8, 6)]);
  });
});
