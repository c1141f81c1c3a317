import { randomUUID } from 'node:crypto';
import { sessionStream, type IngestRound, type RecordGeneratedStatement } from '@memctx/domain';
import { deterministicId } from '../ids.js';
import type { StageTimer } from '@memctx/shared';
import type { WriteContext, WriteResult } from './context.js';
import { requireProject } from './projects.js';

export interface RoundInput {
  session_id: string;
  project_id?: string | null;
  user_message: string;
  assistant_message: string;
  timestamp?: string | null;
  response_time_ms?: number | null;
}

export interface GeneratedInput {
  session_id: string;
  project_id?: string | null;
  user_message: string;
  assistant_message: string;
}

/** The fields every write into a session's conversation carries. */
type SessionWrite = Omit<RecordGeneratedStatement, 'type' | 'record_id'>;

/**
 * What a conversation adds to its session: rounds, and statements the service
 * generated. With an idempotency key the id (and so the event id) is derived
 * from it, so a retried request stores one event.
 */
export function conversationCommands(ctx: WriteContext) {
  async function write(
    userId: string,
    input: GeneratedInput,
    kind: 'round' | 'generated',
    idempotencyKey: string | undefined,
    command: (id: string, fields: SessionWrite) => IngestRound | RecordGeneratedStatement,
    onStage?: StageTimer,
  ): Promise<WriteResult & { id: string }> {
    if (input.project_id) await requireProject(ctx, userId, input.project_id);
    const id = idempotencyKey ? deterministicId(userId, kind, idempotencyKey) : randomUUID();
    const { append } = await ctx.sessions.handle(
      sessionStream(userId, input.session_id),
      command(id, {
        user_id: userId,
        session_id: input.session_id,
        project_id: input.project_id ?? null,
        user_message: input.user_message,
        assistant_message: input.assistant_message,
        now: ctx.clock(),
      }),
      { eventIds: idempotencyKey ? () => id : undefined, onStage },
    );
    return { id, position: append?.position };
  }

  return {
    async ingestRound(userId: string, input: RoundInput, idempotencyKey?: string, onStage?: StageTimer): Promise<WriteResult & { roundId: string }> {
      const { id, position } = await write(userId, input, 'round', idempotencyKey, (roundId, fields) => ({
        ...fields,
        type: 'IngestRound',
        round_id: roundId,
        client_timestamp: input.timestamp ?? null,
        response_time_ms: input.response_time_ms ?? null,
      }), onStage);
      return { roundId: id, position };
    },

    async recordGenerated(userId: string, input: GeneratedInput, idempotencyKey?: string): Promise<WriteResult & { recordId: string }> {
      const { id, position } = await write(userId, input, 'generated', idempotencyKey, (recordId, fields) => ({
        ...fields,
        type: 'RecordGeneratedStatement',
        record_id: recordId,
      }));
      return { recordId: id, position };
    },
  };
}
