import { loadSamples, roundsOf, turnText } from '../locomo/dataset.js';

/**
 * The documents' text: about five pages (≈ 2,500 words) each, from LoCoMo's
 * turns so the text is natural and varied, as Markdown or as an HTML page.
 */
export function benchDocuments(count: number, format: 'md' | 'html'): string[] {
  const lines = loadSamples().flatMap((s) => roundsOf(s).map((r) => turnText(r.user)));
  return Array.from({ length: count }, (_, d) => {
    const pages = Array.from({ length: 5 }, (_, page) => Array.from({ length: 26 }, (_, i) => lines[(d * 131 + page * 26 + i) % lines.length]).join(' '));
    return format === 'html'
      ? `<html><head><title>Document ${d}</title></head><body><article><h1>Document ${d}</h1>${pages.map((body, page) => `<h2>Page ${page + 1}</h2><p>${body.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</p>`).join('')}</article></body></html>`
      : `# Document ${d}\n\n${pages.map((body, page) => `## Page ${page + 1}\n\n${body}`).join('\n\n')}\n`;
  });
}
