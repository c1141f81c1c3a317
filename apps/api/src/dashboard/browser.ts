/**
 * The memory browser of the dashboard (runs after app.ts in the same script): a
 * search over GET /api/v1/memory/records, a provenance filter, and a record's
 * details with its source when it came from a document.
 */
export const MEMORY_BROWSER_JS = `
async function searchRecords() {
  const params = new URLSearchParams({ limit: '20' });
  if ($('query').value.trim()) params.set('query', $('query').value.trim());
  if ($('provenance-filter').value) params.set('provenance', $('provenance-filter').value);
  if ($('project').value) params.set('project_id', $('project').value);
  const { records } = await api('/api/v1/memory/records?' + params);
  $('records').replaceChildren(...records.map((record) => {
    const tr = row(text('td', when(new Date(record.created_at))), text('td', record.provenance), text('td', record.summary));
    tr.dataset.record = record.id;
    tr.addEventListener('click', () => showRecord(record));
    return tr;
  }));
  if (records.length === 0) $('records').replaceChildren(row(text('td', 'No records match.')));
}

async function showRecord(record) {
  const lines = [record.content, '', record.provenance + ' · ' + record.record_type + ' · ' + when(new Date(record.created_at))];
  if (record.session_id) lines.push('session ' + record.session_id);
  $('detail').textContent = lines.join('\\n');
  if (!record.source || !record.project_id) return;
  try {
    const { sources } = await api('/api/v1/projects/' + encodeURIComponent(record.project_id) + '/sources');
    const source = sources.find((s) => s.id === record.source.id);
    $('detail').textContent += '\\n\\nsource: ' + (source ? source.title + ' (' + source.source_type + ', ' + source.external_id + ', ' + source.chunk_count + ' chunks)' : record.source.title + ' (no longer active)');
  } catch (error) {
    $('detail').textContent += '\\n\\nsource: ' + error.message;
  }
}

$('search').addEventListener('click', () => searchRecords().catch((error) => { $('status').textContent = 'Search failed: ' + error.message; }));
$('query').addEventListener('keydown', (event) => { if (event.key === 'Enter') $('search').click(); });
$('provenance-filter').addEventListener('change', () => { if (state.key) $('search').click(); });
`;
