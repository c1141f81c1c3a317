import { usageError } from './io.js';

/** What restoring an export through the API takes, in order; built from the file alone, so it is tested without a server. */
export interface ImportPlan {
  projects: Array<{ id: string; name: string }>;
  rounds: Array<{ key: string; session_id: string; project_id: string | null; user_message: string; assistant_message: string; timestamp: string }>;
  generated: Array<{ key: string; session_id: string; user_message: string | null; assistant_message: string }>;
  /** Sessions soft-deleted at export time: deleted again after their rounds and sources are in. */
  deletedSessions: string[];
  /**
   * Sources to request again from their connector: the API stores a document only as its connector
   * fetches it, so an export's chunk text cannot be sent back; the document is fetched anew.
   */
  sources: SourcePlan[];
  /** Sources that had failed at export time: they have no chunks, and nothing is requested for them. */
  skipped: { failedSources: number };
  exported: Record<string, number>;
}

export interface SourcePlan {
  /** The source's id in the export. */
  id: string;
  key: string;
  connector_type: string;
  external_id: string;
  session_id: string;
  title: string;
  /** How many chunks the source had in the export, to compare with what the fetch stores now. */
  exported_chunks: number;
}

type Line = { type: string } & Record<string, unknown>;
const text = (line: Line, field: string): string => {
  const value = line[field];
  if (typeof value !== 'string') throw usageError(`a ${line.type} line has no ${field}`);
  return value;
};

/** A generated record's content is "User: <u>\nAssistant: <statement>" and its embed_text the statement. */
function generatedUserMessage(content: string, statement: string): string | null {
  const suffix = `\nAssistant: ${statement}`;
  if (!content.startsWith('User: ') || !content.endsWith(suffix)) return null;
  const user = content.slice('User: '.length, content.length - suffix.length);
  return user === '' ? null : user;
}

export function planImport(lines: readonly Line[]): ImportPlan {
  const header = lines[0];
  if (header?.type !== 'header' || header.format !== 'memctx-export' || header.version !== 1) throw usageError('not a memctx export (version 1): the first line is not its header');
  const end = lines.at(-1);
  if (end?.type !== 'end') throw usageError('the export is cut off: it has no end line');

  const plan: ImportPlan = { projects: [], rounds: [], generated: [], deletedSessions: [], sources: [], skipped: { failedSources: 0 }, exported: end.counts as Record<string, number> };
  const chunksOf = new Map<string, number>();
  const sessionProject = new Map<string, string | null>();
  const rounds = new Map<string, ImportPlan['rounds'][number]>();
  for (const line of lines) {
    switch (line.type) {
      case 'project':
        plan.projects.push({ id: text(line, 'id'), name: text(line, 'name') });
        break;
      case 'session':
        sessionProject.set(text(line, 'id'), (line.project_id as string) || null);
        if (line.deleted_at) plan.deletedSessions.push(text(line, 'id'));
        break;
      case 'message': {
        // Messages come in session and turn order; a round is its user turn and the reply after it.
        const roundId = text(line, 'round_id');
        const round = rounds.get(roundId) ?? {
          key: `import:${roundId}`, session_id: text(line, 'session_id'), project_id: null, user_message: '', assistant_message: '', timestamp: text(line, 'created_at'),
        };
        if (line.role === 'user') round.user_message = text(line, 'content');
        else round.assistant_message = text(line, 'content');
        rounds.set(roundId, round);
        break;
      }
      case 'record':
        if (line.provenance === 'AI_GENERATED') {
          const statement = text(line, 'embed_text');
          plan.generated.push({ key: `import:${text(line, 'id')}`, session_id: text(line, 'session_id'), user_message: generatedUserMessage(text(line, 'content'), statement), assistant_message: statement });
        } else if (typeof line.source_id === 'string') chunksOf.set(line.source_id, (chunksOf.get(line.source_id) ?? 0) + 1);
        break;
      case 'source':
        if (line.ingest_status === 'failed') plan.skipped.failedSources++;
        else {
          const id = text(line, 'id');
          plan.sources.push({
            id, key: `import:${id}`, connector_type: text(line, 'source_type'), external_id: text(line, 'external_id'), session_id: text(line, 'session_id'), title: text(line, 'title'), exported_chunks: 0,
          });
        }
        break;
    }
  }
  for (const round of rounds.values()) plan.rounds.push({ ...round, project_id: sessionProject.get(round.session_id) ?? null });
  for (const source of plan.sources) source.exported_chunks = chunksOf.get(source.id) ?? 0;
  return plan;
}
