import { randomUUID } from 'node:crypto';
import { NotFoundError, projectStream } from '@memctx/domain';
import { projectExists, type WriteContext, type WriteResult } from './context.js';

/** A project named in a write must be the caller's: another user's project looks missing. */
export async function requireProject(ctx: WriteContext, userId: string, projectId: string): Promise<void> {
  const { state } = await ctx.projects.loadAccepted(projectStream(userId, projectId), projectExists);
  if (!projectExists(state)) throw new NotFoundError(`project ${projectId} not found`);
}

export function projectCommands(ctx: WriteContext) {
  return {
    async createProject(userId: string, name: string): Promise<WriteResult & { projectId: string; createdAt: string }> {
      const projectId = randomUUID();
      const now = ctx.clock();
      const { append } = await ctx.projects.handle(projectStream(userId, projectId), {
        type: 'CreateProject', user_id: userId, project_id: projectId, name, now,
      });
      return { projectId, createdAt: now.toISOString(), position: append?.position };
    },

    async renameProject(userId: string, projectId: string, name: string): Promise<WriteResult> {
      const { append } = await ctx.projects.handle(projectStream(userId, projectId), {
        type: 'RenameProject', user_id: userId, project_id: projectId, name, now: ctx.clock(),
      });
      return { position: append?.position };
    },

    async projectExists(userId: string, projectId: string): Promise<boolean> {
      return projectExists((await ctx.projects.loadAccepted(projectStream(userId, projectId), projectExists)).state);
    },
  };
}
