/**
 * Fits the SIP's answerability model (packages/sip/src/answerability-model.ts)
 * from benchmark dumps: logistic regression of "the question is answerable"
 * on the signals every SIP response carries (`answerability.signals`), fitted
 * on the dev split only, then the abstain threshold's precision/recall curve on
 * dev and held-out questions.
 *   MEMCTX_BENCH_DUMP=/tmp/locomo.jsonl MEMCTX_SIP_ABSTAIN_BELOW=0 pnpm bench:locomo
 *   MEMCTX_BENCH_DUMP=/tmp/memory.jsonl MEMCTX_SIP_ABSTAIN_BELOW=0 pnpm bench:memory
 *   MEMCTX_BENCH_DUMP=/tmp/locomo-u.jsonl MEMCTX_LOCOMO_UNLABELLED=1 MEMCTX_SIP_ABSTAIN_BELOW=0 pnpm bench:locomo
 *   pnpm fit:answerability /tmp/locomo.jsonl /tmp/memory.jsonl /tmp/locomo-u.jsonl   (--write replaces the model)
 * The dumps must come from runs with one embedding model (MEMCTX_EMBEDDING_MODEL); `--write --model=<id>` replaces
 * that model's entry (the default embedding model's without --model) and keeps the others.
 * Each benchmark weighs the same in the fit, whatever its size. `--exclude=bench:category` leaves a group out of
 * the fit (still reported): LoCoMo's adversarial questions asked without speaker labels were left out so while nothing
 * told who said an unlabelled turn (they name a fact that was said, by someone else).
 * The threshold chosen is the highest that keeps abstaining on answerable dev
 * questions at or under MAX_FALSE_ABSTAIN, so a grounded answer is rarely
 * refused; what it then catches of the unanswerable ones is the curve's to say.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { settingDefault } from '@memctx/shared';
import { SIGNAL_NAMES, type AnswerabilityModel, type SignalName } from '@memctx/sip';
import { ANSWERABILITY_MODELS } from '../../../packages/sip/src/answerability-model.js';
import { fitLogistic, type Example } from './logistic.js';

const MAX_FALSE_ABSTAIN = 0.05;
const MODEL_FILE = resolve(import.meta.dirname, '../../../packages/sip/src/answerability-model.ts');

interface Dumped {
  bench: string;
  split: string;
  answerable: boolean;
  recalled?: boolean;
  category: string | number;
  response: { answerability?: { signals: Record<SignalName, number> } };
}

const files = process.argv.slice(2).filter((arg) => !arg.startsWith('--'));
// --target=recalled: fit "the SIP holds the evidence" instead of "the question is answerable", which is what the
// signals can see; the threshold is still chosen by false abstentions on answerable questions.
const fitRecalled = process.argv.includes('--target=recalled');
const excluded = new Set(process.argv.filter((arg) => arg.startsWith('--exclude=')).flatMap((arg) => arg.slice('--exclude='.length).split(',')));
const rows = files.flatMap((file) => readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => JSON.parse(line) as Dumped))
  .filter((row) => row.response.answerability);
const benchOf = (row: Dumped) => row.bench;
const perBench = new Map<string, number>();
const example = (row: Dumped): Example => ({
  x: SIGNAL_NAMES.map((name) => row.response.answerability!.signals[name] ?? 0),
  y: row.answerable && (!fitRecalled || row.recalled !== false) ? 1 : 0,
  weight: 1 / (perBench.get(benchOf(row)) ?? 1),
});
const dev = rows.filter((row) => row.split === 'dev');
const heldout = rows.filter((row) => row.split !== 'dev');
if (dev.length === 0) throw new Error('no dev rows with answerability signals in the dumps');
const fitRows = dev.filter((row) => !excluded.has(`${row.bench}:${row.category}`));
for (const row of fitRows) perBench.set(benchOf(row), (perBench.get(benchOf(row)) ?? 0) + 1);

const fitted = fitLogistic(fitRows.map(example));
const score = (row: Dumped) => fitted.predict(example(row).x);

function rates(list: Dumped[], threshold: number) {
  const answerable = list.filter((row) => row.answerable);
  const unanswerable = list.filter((row) => !row.answerable);
  const abstains = (row: Dumped) => score(row) < threshold;
  const caught = unanswerable.filter(abstains).length;
  const refused = answerable.filter(abstains).length;
  return {
    precision: caught + refused === 0 ? 1 : caught / (caught + refused),
    recall: unanswerable.length === 0 ? 0 : caught / unanswerable.length,
    falseAbstain: answerable.length === 0 ? 0 : refused / answerable.length,
  };
}

const candidates = Array.from({ length: 99 }, (_, i) => (i + 1) / 100);
// Each benchmark's dev split must keep its own false abstentions under the bound, not only their sum.
const benches = [...new Set(fitRows.map(benchOf))];
const threshold = [...candidates].reverse()
  .find((t) => benches.every((bench) => rates(fitRows.filter((row) => benchOf(row) === bench), t).falseAbstain <= MAX_FALSE_ABSTAIN)) ?? 0.01;
const pct = (n: number) => `${(100 * n).toFixed(1).padStart(5)} %`;
console.log(`dev ${dev.length} questions (${fitRows.length} fitted${excluded.size ? `, left out: ${[...excluded].join(', ')}` : ''}), held-out ${heldout.length}; weights:`);
SIGNAL_NAMES.forEach((name, i) => console.log(`  ${name.padEnd(20)} ${fitted.weights[i]!.toFixed(3)}`));
console.log(`  ${'bias'.padEnd(20)} ${fitted.bias.toFixed(3)}\n`);
console.log('threshold   abstain precision / recall / on answerable: dev             held-out');
for (const t of [...new Set([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, threshold])].sort((a, b) => a - b)) {
  const d = rates(dev, t);
  const h = rates(heldout, t);
  console.log(`  ${t.toFixed(2)}${t === threshold ? '*' : ' '}     ${pct(d.precision)} ${pct(d.recall)} ${pct(d.falseAbstain)}     ${pct(h.precision)} ${pct(h.recall)} ${pct(h.falseAbstain)}`);
}
for (const bench of [...new Set(rows.map((row) => row.bench))]) {
  for (const split of ['dev', 'heldout']) {
    const list = rows.filter((row) => row.bench === bench && (split === 'dev' ? row.split === 'dev' : row.split !== 'dev'));
    if (list.length === 0) continue;
    const r = rates(list, threshold);
    console.log(`${bench} ${split}: abstain on unanswerable ${pct(r.recall)}, on answerable ${pct(r.falseAbstain)} (n=${list.length})`);
    for (const category of [...new Set(list.filter((row) => !row.answerable).map((row) => row.category))]) {
      if (excluded.has(`${bench}:${category}`)) console.log(`  (${bench} category ${category} left out of the fit)`);
    }
  }
}

if (process.argv.includes('--write')) {
  const embeddingModel = process.argv.find((arg) => arg.startsWith('--model='))?.slice('--model='.length) ?? settingDefault('embeddingModel');
  const model: AnswerabilityModel = {
    fittedOn: `${fitRows.length} questions of ${benches.join(', ')}${fitRecalled ? '; target: the evidence was cited' : ''}`,
    weights: Object.fromEntries(SIGNAL_NAMES.map((name, i) => [name, Number(fitted.weights[i]!.toFixed(4))])) as Record<SignalName, number>,
    bias: Number(fitted.bias.toFixed(4)),
    threshold,
  };
  const models = { ...ANSWERABILITY_MODELS, [embeddingModel]: model };
  writeFileSync(MODEL_FILE, `import type { AnswerabilityModel } from './answerability.js';

// Written by test/bench/sip-quality/fit.ts from the benchmarks' dev splits, one model per embedding model (similarities
// differ between embedding models, so weights fitted on one misjudge another); do not edit by hand.
export const ANSWERABILITY_MODELS: Readonly<Record<string, AnswerabilityModel>> = ${JSON.stringify(models, null, 2).replace(/"(\w+)":/g, '$1:').replace(/"([^"\n]*)"/g, "'$1'")};
`);
  console.log(`\nwrote ${embeddingModel}'s model to ${MODEL_FILE}`);
}
