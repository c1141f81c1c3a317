import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@memctx/domain';
import { findProject } from '@memctx/read-models';
import { backends, withWriteSide } from './harness.js';

describe.each(backends)('projects written and read on %s', (_name, open) => {
  const side = withWriteSide(open);

  it('projects a project with its session count, and renames it', async () => {
    const { h, service } = side;
    const { projectId } = await service.createProject('alice', '  Research  ');
    await service.ingestRound('alice', { session_id: 'a-1', project_id: projectId, user_message: 'What is RRF?', assistant_message: 'Reciprocal rank fusion.' });
    await service.ingestRound('alice', { session_id: 'a-1', user_message: 'And BM25?', assistant_message: '' });
    await service.ingestRound('alice', { session_id: 'a-2', project_id: projectId, user_message: 'Second session', assistant_message: 'ok' });
    await service.renameProject('alice', projectId, 'Retrieval');
    await h.catchUp();
    expect(await findProject(h.db, 'alice', projectId)).toMatchObject({ name: 'Retrieval', session_count: 2, source_count: 0 });
    expect(await findProject(h.db, 'bob', projectId)).toBeUndefined();
  });

  it('refuses a project that is not the caller’s and a write to another project', async () => {
    const { service } = side;
    const { projectId } = await service.createProject('alice', 'Mine');
    await expect(service.ingestRound('bob', { session_id: 'b-x', project_id: projectId, user_message: 'x', assistant_message: '' })).rejects.toBeInstanceOf(NotFoundError);
    // a-1 belongs to the project of the test above.
    await expect(service.ingestRound('alice', { session_id: 'a-1', project_id: projectId, user_message: 'x', assistant_message: '' })).rejects.toMatchObject({ code: 'project_mismatch' });
  });
});
