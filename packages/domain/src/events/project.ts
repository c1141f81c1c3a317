import { z } from 'zod';
import { defineEvent, id, timestamp } from './fields.js';

// Project stream. Names arrive already normalised by the project decider.

export const ProjectCreated = defineEvent('ProjectCreated', {
  user_id: id,
  project_id: id,
  name: z.string(),
  created_at: timestamp,
});
export type ProjectCreated = z.infer<typeof ProjectCreated>;

export const ProjectRenamed = defineEvent('ProjectRenamed', {
  user_id: id,
  project_id: id,
  name: z.string(),
  renamed_at: timestamp,
});
export type ProjectRenamed = z.infer<typeof ProjectRenamed>;
