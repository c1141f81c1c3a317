import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { MemctxClient, Schemas } from '@memctx/client';

export interface MemctxRetrieverInput extends BaseRetrieverInput {
  client: MemctxClient;
  /** Scopes retrieval to this project. */
  projectId?: string;
  /** With projectId: the user's records outside any project count too. */
  includeGlobal?: boolean;
  /** Links the build to this session: the next round written there records the SIP it was given. */
  sessionId?: string;
  /** Most tokens the SIP behind the documents may hold (at least 50); default, and at most: the service's MEMCTX_SIP_TOKEN_BUDGET. */
  tokenBudget?: number;
}

/** What each document's metadata holds: where the cited line comes from. */
export interface MemctxDocumentMetadata {
  /** The `[n]` of the line in the SIP. */
  index: number;
  record_id: string;
  /** USER_STATED, ROUND, DOCUMENT, ...: how the record came to be known. */
  provenance: string;
  summary: string;
  /** The SIP section the line is in (identity, active_context, preferences, uncertain_facts). */
  section: string;
  created_at: string | null;
  /** Set for chunks of a project source document. */
  source_id: string | null;
  source_title: string | null;
  /** Whether the SIP as a whole holds evidence for the query (the same on every document of one call). */
  grounded: boolean;
}

type SectionItem = { index?: unknown; text?: unknown; created_at?: unknown };

/** Each line of the SIP's sections by its `[n]`, with the section it is in. */
function linesByIndex(sections: Schemas['SipSections'] | undefined): Map<number, { section: string; item: SectionItem }> {
  const lines = new Map<number, { section: string; item: SectionItem }>();
  for (const [section, items] of Object.entries(sections ?? {})) {
    if (!Array.isArray(items)) continue; // calibration_notes is an object, never lines
    for (const item of items as SectionItem[]) if (typeof item.index === 'number') lines.set(item.index, { section, item });
  }
  return lines;
}

/**
 * A LangChain retriever over memctx: one SIP build per query; each cited record is a document whose text is the line
 * the SIP cites (cut to what bears on the query) and whose metadata says where it comes from.
 */
export class MemctxRetriever extends BaseRetriever<MemctxDocumentMetadata> {
  lc_namespace = ['memctx', 'retrievers'];
  private readonly client: MemctxClient;
  private readonly scope: Pick<MemctxRetrieverInput, 'projectId' | 'includeGlobal' | 'sessionId' | 'tokenBudget'>;

  constructor({ client, projectId, includeGlobal, sessionId, tokenBudget, ...fields }: MemctxRetrieverInput) {
    super(fields);
    this.client = client;
    this.scope = { projectId, includeGlobal, sessionId, tokenBudget };
  }

  override async _getRelevantDocuments(query: string): Promise<Array<Document<MemctxDocumentMetadata>>> {
    const { projectId, includeGlobal = false, sessionId, tokenBudget } = this.scope;
    const sip = await this.client.buildSip({
      query,
      project_id: projectId ?? null,
      include_global: includeGlobal,
      session_id: sessionId ?? null,
      token_budget: tokenBudget ?? null,
    });
    const lines = linesByIndex(sip.sip_sections);
    return (sip.citations ?? []).map((citation) => {
      const line = lines.get(citation.index);
      return new Document<MemctxDocumentMetadata>({
        id: citation.record_id,
        pageContent: typeof line?.item.text === 'string' ? line.item.text : citation.summary,
        metadata: {
          index: citation.index,
          record_id: citation.record_id,
          provenance: citation.provenance,
          summary: citation.summary,
          section: line?.section ?? 'active_context',
          created_at: typeof line?.item.created_at === 'string' ? line.item.created_at : null,
          source_id: citation.source_id ?? null,
          source_title: citation.source_title ?? null,
          grounded: sip.grounded ?? false,
        },
      });
    });
  }
}
