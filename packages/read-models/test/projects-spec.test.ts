import { describe, it } from 'vitest';
import { projectsProjection } from '@memctx/read-models';
import { projectionSpec } from './projection-spec.js';
import { projectCreated, projectRenamed, purged, restored, round, shown, softDeleted, sourceRequested, statement } from './spec-events.js';

const spec = projectionSpec(projectsProjection);
const projects = `SELECT project_id, name, created_at::text AS created_at, updated_at::text AS updated_at, session_count, source_count
  FROM projects ORDER BY project_id`;
const project = (name: string, updated: number, session_count: number, source_count = 0) => ({
  project_id: 'p1', name, created_at: shown(1), updated_at: shown(updated), session_count, source_count,
});

describe('projects projection (given events, when events, then rows)', () => {
  it('names a project when created and renamed', async () => {
    await spec.given(projectCreated('p1', 'Alpha', 1)).when(projectRenamed('p1', 'Beta', 2)).then(projects, [project('Beta', 2, 0)]);
  });

  it('counts each session once, from its first write that names the project', async () => {
    await spec.given(projectCreated('p1', 'Alpha', 1))
      .when(round('s1', 'r1', 2, 'q'), round('s1', 'r2', 3, 'q'), statement('s2', 'g1', 4, 'a'), round('s3', 'r3', 5, 'q', 'a', null))
      .then(projects, [project('Alpha', 4, 2)]);
  });

  it('attaches a session to a project once, by its first write naming one, however many of its writes share a batch', async () => {
    const writes = [0, 1, 2].flatMap((n) => [round('s1', `r${n}`, 3 + n, `round ${n}`, 'ok'), statement('s2', `g${n}`, 3 + n, 'a guess')]);
    await spec.given(projectCreated('p1', 'Batch', 1), round('s1', 'r', 2, 'no project yet', '', null)).when(...writes)
      .then('SELECT session_count FROM projects', [{ session_count: 2 }]);
  });

  it('counts each source once, however often it is requested', async () => {
    await spec.given(projectCreated('p1', 'Alpha', 1)).when(sourceRequested('src1', 'q1', 2), sourceRequested('src1', 'q2', 3), sourceRequested('src2', 'q3', 4))
      .then(projects, [project('Alpha', 1, 0, 2)]);
  });

  it('stops counting a soft-deleted session, counts it again on restore, and a purge changes no count', async () => {
    const given = [projectCreated('p1', 'Alpha', 1), round('s1', 'r1', 2, 'q'), round('s2', 'r2', 3, 'q')] as const;
    await spec.given(...given).when(softDeleted('s1', 4)).then(projects, [project('Alpha', 3, 1)]);
    await spec.given(...given, softDeleted('s1', 4)).when(restored('s1', 5)).then(projects, [project('Alpha', 3, 2)]);
    await spec.given(...given, softDeleted('s1', 4)).when(purged('s1', 5)).then(projects, [project('Alpha', 3, 1)]);
  });

  it('forgets which project a purged session belonged to', async () => {
    await spec.given(projectCreated('p1', 'Alpha', 1), round('s1', 'r1', 2, 'q'), round('s2', 'r2', 3, 'q'), softDeleted('s1', 4))
      .when(purged('s1', 5)).then('SELECT session_id, project_id, active FROM project_sessions', [{ session_id: 's2', project_id: 'p1', active: true }]);
  });
});
