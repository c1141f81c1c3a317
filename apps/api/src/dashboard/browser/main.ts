/*
 * The dashboard's browser script (bundled by esbuild into /dashboard/app.js at build time): a person enters an API
 * key and sees token efficiency, records by provenance, recent activity and their memory, refreshed every 30 s.
 */
import { api, session, type Schemas } from './api.js';
import { messageOf, page, row, text, when } from './dom.js';
import { showEfficiency } from './efficiency.js';
import { searchRecords, wireMemoryBrowser } from './memory-browser.js';
import { fillProvenanceFilter, showProvenance } from './provenance.js';

const REFRESH_MS = 30_000;
let timer: ReturnType<typeof setInterval> | undefined;

async function loadProjects(): Promise<void> {
  const chosen = page.project.value;
  const { projects } = await api<Schemas['ProjectListResponse']>('/api/v1/projects?limit=200');
  page.project.replaceChildren(new Option('all projects', ''), ...projects.map((p) => new Option(p.name, p.id)));
  page.project.value = projects.some((p) => p.id === chosen) ? chosen : '';
}

function showActivity(activity: Schemas['ActivityResponse']): void {
  page.activity.replaceChildren(
    ...activity.items.map((item) => row(text('td', when(new Date(item.timestamp * 1000))), text('td', item.type), text('td', item.summary))),
  );
}

async function refresh(): Promise<void> {
  page.status.textContent = 'Loading…';
  try {
    await loadProjects();
    const project = page.project.value ? `?project_id=${encodeURIComponent(page.project.value)}` : '';
    const [efficiency, activity, provenance] = await Promise.all([
      api<Schemas['EfficiencyResponse']>(`/api/v1/dashboard/efficiency?window_seconds=${page.window.value}`),
      api<Schemas['ActivityResponse']>('/api/v1/dashboard/activity?limit=15'),
      api<Schemas['ProvenanceResponse']>(`/api/v1/dashboard/provenance${project}`),
    ]);
    showEfficiency(efficiency);
    showProvenance(provenance.provenance);
    showActivity(activity);
    await searchRecords();
    page.status.textContent = '';
  } catch (error) {
    page.status.textContent = `Could not load the dashboard: ${messageOf(error)}`;
  }
}

function schedule(): void {
  clearInterval(timer);
  if (page.auto.checked && session.key) timer = setInterval(() => void refresh(), REFRESH_MS);
}

function start(): void {
  const key = page.key.value.trim();
  if (!key) {
    page.status.textContent = 'Enter an API key.';
    return;
  }
  session.key = key;
  void refresh();
  schedule();
}

fillProvenanceFilter();
wireMemoryBrowser();
page.load.addEventListener('click', start);
page.key.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') start();
});
for (const select of [page.window, page.project]) {
  select.addEventListener('change', () => {
    if (session.key) void refresh();
  });
}
page.auto.addEventListener('change', schedule);
