import { api, session, type Schemas } from './api.js';
import { messageOf, page, row, text, when } from './dom.js';

type BrowsedRecord = Schemas['BrowsedRecord'];

let latestSearch = 0;

/** GET /api/v1/memory/records with the search words, provenance and project chosen: the SIP's retrieval when words are given. */
export async function searchRecords(): Promise<void> {
  // Searches overlap (a search by words is slower than a change of filter after it); only the last one asked is shown.
  const asked = ++latestSearch;
  const params = new URLSearchParams({ limit: '20' });
  const query = page.query.value.trim();
  if (query) params.set('query', query);
  if (page.provenanceFilter.value) params.set('provenance', page.provenanceFilter.value);
  if (page.project.value) params.set('project_id', page.project.value);
  const { records } = await api<Schemas['RecordListResponse']>(`/api/v1/memory/records?${params}`);
  if (asked !== latestSearch) return;
  page.records.replaceChildren(
    ...records.map((record) => {
      const tr = row(text('td', when(new Date(record.created_at))), text('td', record.provenance), text('td', record.summary));
      tr.dataset.record = record.id;
      tr.addEventListener('click', () => void showRecord(record));
      return tr;
    }),
  );
  if (records.length === 0) page.records.replaceChildren(row(text('td', 'No records match.')));
}

/** A record in full, and the source it came from when it came from a document. */
async function showRecord(record: BrowsedRecord): Promise<void> {
  const lines = [record.content, '', `${record.provenance} · ${record.record_type} · ${when(new Date(record.created_at))}`];
  if (record.session_id) lines.push(`session ${record.session_id}`);
  page.detail.textContent = lines.join('\n');
  if (!record.source || !record.project_id) return;
  page.detail.textContent += `\n\nsource: ${await sourceLine(record.project_id, record.source)}`;
}

async function sourceLine(projectId: string, recorded: NonNullable<BrowsedRecord['source']>): Promise<string> {
  try {
    const { sources } = await api<Schemas['ProjectSourcesResponse']>(`/api/v1/projects/${encodeURIComponent(projectId)}/sources`);
    const source = sources.find((s) => s.id === recorded.id);
    return source ? `${source.title} (${source.source_type}, ${source.external_id}, ${source.chunk_count} chunks)` : `${recorded.title} (no longer active)`;
  } catch (error) {
    return messageOf(error);
  }
}

/** Search on click or Enter, and again when the provenance filter changes once a key is entered. */
export function wireMemoryBrowser(): void {
  page.search.addEventListener('click', () => {
    searchRecords().catch((error: unknown) => {
      page.status.textContent = `Search failed: ${messageOf(error)}`;
    });
  });
  page.query.addEventListener('keydown', (event) => {
    if (event.key === 'Enter') page.search.click();
  });
  page.provenanceFilter.addEventListener('change', () => {
    if (session.key) page.search.click();
  });
}
