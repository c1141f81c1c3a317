import { PROVENANCES } from '@memctx/contracts/vocabulary';
import type { Schemas } from './api.js';
import { fmt, page, text } from './dom.js';

/** The filter of the memory browser offers every provenance class, whether or not a record has it yet. */
export function fillProvenanceFilter(): void {
  page.provenanceFilter.append(...PROVENANCES.map((name) => new Option(name, name)));
}

/** One bar per provenance class, scaled to the largest count. */
export function showProvenance(counts: Schemas['ProvenanceResponse']['provenance']): void {
  const max = Math.max(1, ...Object.values(counts));
  page.provenance.replaceChildren(
    ...Object.entries(counts).map(([name, count]) => {
      const line = document.createElement('div');
      line.className = 'bar-row';
      line.dataset.provenance = name;
      const bar = text('span', '', 'bar');
      bar.style.width = `${(100 * count) / max}%`;
      const track = document.createElement('span');
      track.append(bar);
      line.append(text('span', name), track, text('span', fmt(count), 'n'));
      return line;
    }),
  );
}
