/** The page's elements by id, typed; a missing one fails at load rather than on first use. */
function byId<T extends HTMLElement>(id: string, kind: new () => T): T {
  const element = document.getElementById(id);
  if (!(element instanceof kind)) throw new Error(`the dashboard page has no ${kind.name} #${id}`);
  return element;
}

export const page = {
  key: byId('key', HTMLInputElement),
  load: byId('load', HTMLButtonElement),
  project: byId('project', HTMLSelectElement),
  window: byId('window', HTMLSelectElement),
  auto: byId('auto', HTMLInputElement),
  status: byId('status', HTMLElement),
  baseline: byId('baseline', HTMLElement),
  sip: byId('sip', HTMLElement),
  saved: byId('saved', HTMLElement),
  percent: byId('percent', HTMLElement),
  chart: byId('chart', HTMLElement),
  provenance: byId('provenance', HTMLElement),
  activity: byId('activity', HTMLElement),
  query: byId('query', HTMLInputElement),
  provenanceFilter: byId('provenance-filter', HTMLSelectElement),
  search: byId('search', HTMLButtonElement),
  records: byId('records', HTMLElement),
  detail: byId('detail', HTMLElement),
};

export const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 1 });
export const when = (date: Date) => date.toLocaleString();

export function text(tag: keyof HTMLElementTagNameMap, value: string, className?: string): HTMLElement {
  const element = document.createElement(tag);
  element.textContent = value;
  if (className) element.className = className;
  return element;
}

export function row(...cells: HTMLElement[]): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
