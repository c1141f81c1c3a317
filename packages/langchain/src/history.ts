import { BaseListChatMessageHistory } from '@langchain/core/chat_history';
import { AIMessage, HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { MemctxApiError, type MemctxClient, type Schemas } from '@memctx/client';

export interface MemctxChatMessageHistoryInput {
  client: MemctxClient;
  sessionId: string;
  /** Files the session's rounds under this project. */
  projectId?: string;
}

const PAGE = 200; // the endpoint's largest page

/**
 * A LangChain chat history kept in a memctx session. memctx stores rounds (a user message and the reply), so a human
 * message waits in this object until the AI message that answers it, and the two are posted as one round; a human
 * message followed by another is posted with an empty reply. System and tool messages are not part of a round and are
 * not stored. `clear()` soft-deletes the session (restorable for 30 days); write on under a new session id.
 */
export class MemctxChatMessageHistory extends BaseListChatMessageHistory {
  lc_namespace = ['memctx', 'chat_history'];
  private readonly client: MemctxClient;
  private readonly sessionId: string;
  private readonly projectId: string | undefined;
  private pending: string | undefined;

  constructor({ client, sessionId, projectId }: MemctxChatMessageHistoryInput) {
    super();
    this.client = client;
    this.sessionId = sessionId;
    this.projectId = projectId;
  }

  /** The session's turns, oldest first, then the human message still waiting for its reply. */
  async getMessages(): Promise<BaseMessage[]> {
    const stored: Array<Schemas['SessionMessage']> = [];
    for (let total = Infinity; stored.length < total; ) {
      const page = await this.page(stored.length);
      if (!page || page.messages.length === 0) break;
      stored.push(...page.messages);
      total = page.total;
    }
    // A round posted with an empty reply is stored as its user turn alone.
    const messages: BaseMessage[] = stored.map((m) => (m.role === 'user' ? new HumanMessage(m.content) : new AIMessage(m.content)));
    return this.pending === undefined ? messages : [...messages, new HumanMessage(this.pending)];
  }

  async addMessage(message: BaseMessage): Promise<void> {
    const type = message.getType();
    if (type === 'human') {
      if (this.pending !== undefined) await this.post(this.pending, '');
      this.pending = message.text;
    } else if (type === 'ai') {
      if (this.pending === undefined) throw new Error('memctx stores rounds: an AI message must answer a human message added before it');
      await this.post(this.pending, message.text);
    }
  }

  override async clear(): Promise<void> {
    this.pending = undefined;
    try {
      await this.client.deleteSession(this.sessionId);
    } catch (error) {
      if (!(error instanceof MemctxApiError && error.status === 404)) throw error;
    }
  }

  private async page(offset: number) {
    try {
      return await this.client.listSessionMessages(this.sessionId, { limit: PAGE, offset });
    } catch (error) {
      if (error instanceof MemctxApiError && error.status === 404) return undefined; // nothing posted yet
      throw error;
    }
  }

  private async post(userMessage: string, assistantMessage: string): Promise<void> {
    const round = { session_id: this.sessionId, project_id: this.projectId ?? null, user_message: userMessage, assistant_message: assistantMessage };
    await this.client.ingestRound(round);
    this.pending = undefined;
  }
}
