/** Appends rounds at RATE/s for SECONDS over 64 users' sessions (group commit as the API's write context does), then exits. */
import { createPostgresDb } from '@memctx/db';
import { createPostgresEventStore } from '@memctx/event-store';
import { createMemoryService } from '@memctx/commands';

const [url, rate, seconds] = [process.argv[2]!, Number(process.argv[3]), Number(process.argv[4])];
const db = createPostgresDb({ connectionString: url, maxConnections: 8, applicationName: 'bench-appender', connectTimeoutMs: 60_000 });
const service = createMemoryService({ store: createPostgresEventStore(db), sessionRetentionMs: 3_600_000 });
const total = Math.round(rate * seconds);
const started = performance.now();
let sent = 0;
const pending = new Set<Promise<unknown>>();
await new Promise<void>((resolve) => {
  const timer = setInterval(() => {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * rate));
    for (; sent < due; sent++) {
      const n = sent % 64;
      const p = service.ingestRound(`bench-user-${n}`, {
        session_id: `bench-session-${n}`, project_id: null,
        user_message: `Round ${sent}: what did we decide about the retrieval budget for the quarterly report?`,
        assistant_message: 'We agreed to cap the SIP at 1,500 tokens and to cite every document chunk it uses.',
      }).finally(() => pending.delete(p));
      pending.add(p);
    }
    if (sent >= total) { clearInterval(timer); resolve(); }
  }, 2);
});
while (pending.size) await Promise.all([...pending]);
await db.close();
