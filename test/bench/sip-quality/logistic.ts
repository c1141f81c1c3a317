/*
 * Logistic regression by full-batch gradient descent with a small L2 penalty,
 * on standardised inputs, the weights mapped back to raw signals so the model
 * file needs no scaling step. A handful of signals and a few thousand
 * examples: a library would add more than this does.
 */
export interface Example {
  x: number[];
  y: 0 | 1;
  /** How much the example counts in the loss (default 1). */
  weight?: number;
}

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z));

export function fitLogistic(examples: readonly Example[], { iterations = 4_000, rate = 0.5, l2 = 1e-3 } = {}) {
  const dims = examples[0]!.x.length;
  const mean = Array.from({ length: dims }, (_, j) => examples.reduce((s, e) => s + e.x[j]!, 0) / examples.length);
  const sd = Array.from({ length: dims }, (_, j) => Math.sqrt(examples.reduce((s, e) => s + (e.x[j]! - mean[j]!) ** 2, 0) / examples.length) || 1);
  const scaled = examples.map((e) => ({ x: e.x.map((v, j) => (v - mean[j]!) / sd[j]!), y: e.y, weight: e.weight ?? 1 }));
  // Each class weighs the same in the loss, so the rarer unanswerable questions are not drowned out.
  const total = scaled.reduce((s, e) => s + e.weight, 0);
  const positives = scaled.filter((e) => e.y === 1).reduce((s, e) => s + e.weight, 0);
  const classWeight = (y: number) => total / (2 * Math.max(1e-9, y === 1 ? positives : total - positives));
  const w = new Array<number>(dims).fill(0);
  let b = 0;
  for (let step = 0; step < iterations; step++) {
    const gradW = new Array<number>(dims).fill(0);
    let gradB = 0;
    for (const e of scaled) {
      const error = (sigmoid(e.x.reduce((s, v, j) => s + v * w[j]!, b)) - e.y) * classWeight(e.y) * e.weight;
      e.x.forEach((v, j) => (gradW[j]! += error * v));
      gradB += error;
    }
    w.forEach((_, j) => (w[j]! -= rate * (gradW[j]! / total + l2 * w[j]!)));
    b -= (rate * gradB) / total;
  }
  const weights = w.map((wj, j) => wj / sd[j]!);
  const bias = b - w.reduce((s, wj, j) => s + (wj * mean[j]!) / sd[j]!, 0);
  return { weights, bias, predict: (x: readonly number[]) => sigmoid(x.reduce((s, v, j) => s + v * weights[j]!, bias)) };
}
