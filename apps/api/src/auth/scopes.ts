import { operationAccess, scopesNeeded, type AnyEndpoint } from '@memctx/contracts';
import type { Request, RequestHandler, Response } from 'express';
import { HttpError } from '../http/errors.js';

/** The project of one of the user's sessions: null when it is in none, undefined when there is no such session. */
export type SessionProject = (userId: string, sessionId: string, req: Request, res: Response) => Promise<string | null | undefined>;

type Input = Partial<Record<'body' | 'query' | 'params', Record<string, unknown>>>;

/**
 * Before validation: the key must hold the scope the operation needs (OPERATION_ACCESS), so a key that may not call
 * an operation learns that first, whatever it sent.
 */
export function requireScope(contract: AnyEndpoint): RequestHandler {
  const needed = scopesNeeded(operationAccess(contract.operationId));
  return (req, _res, next) => {
    const scopes = req.auth?.scopes ?? [];
    const missing = needed.filter((scope) => !scopes.includes(scope));
    if (missing.length > 0) {
      const lacks = missing.map((scope) => `'${scope}'`).join(', ');
      throw new HttpError(403, `This API key lacks the ${lacks} scope${missing.length > 1 ? 's' : ''} that ${contract.operationId} needs; it has: ${scopes.join(', ')}`);
    }
    next();
  };
}

/**
 * After validation: a key limited to a project is held to it, by the operation's rule in OPERATION_ACCESS. A request
 * that leaves a `project_id` field out gets the key's project, so such a key sees and writes only its project.
 */
export function requireKeyProject(contract: AnyEndpoint, sessionProject: SessionProject | undefined): RequestHandler {
  const { project: rule } = operationAccess(contract.operationId);
  return async (req, res, next) => {
    const project = req.auth?.projectId ?? null;
    if (project === null || rule === 'none') return next();
    const outside = (why: string) => new HttpError(403, `This API key is limited to project ${project}; ${why}`);
    const input = res.locals.validated as Input;

    if (rule === 'all') throw outside(`${contract.operationId} spans every project`);
    if (rule === 'path' && input.params?.project_id !== project) throw outside(`the path names project ${String(input.params?.project_id)}`);
    if (rule === 'field') {
      const fields = (contract.request.body ? input.body : input.query) ?? {};
      if (fields.include_global === true) throw outside('include_global would reach records outside it');
      if (fields.project_id == null) fields.project_id = project;
      else if (fields.project_id !== project) throw outside(`the request names project ${String(fields.project_id)}`);
    }
    if (rule === 'session') {
      const sessionId = String(input.params?.session_id ?? input.body?.session_id);
      const found = sessionProject ? await sessionProject(req.auth!.userId, sessionId, req, res) : undefined;
      if (found !== project) throw outside(found === undefined ? `session ${sessionId} does not exist in it` : `session ${sessionId} is not in it`);
    }
    next();
  };
}
