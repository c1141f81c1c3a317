/** Whose records, from where: a project, optionally with the user's records outside any project; no project = all of them. */
export interface RetrievalScope {
  userId: string;
  projectId: string | null;
  includeGlobal: boolean;
}

/** What every retrieval index is partial on: the records a SIP may cite. */
export const SIP_RECORD = (m: string) => `NOT ${m}.hidden AND ${m}.sip_eligible AND ${m}.record_type = 'FACTUAL'`;

/** The project part of a scope: the project in $2, with the records outside any project when $3. */
export const inProject = (m: string) => `($2::text IS NULL OR ${m}.project_id = $2 OR ($3::boolean AND ${m}.project_id IS NULL))`;

/** "A record the caller ($1) may cite in this scope." */
export const inScope = (m: string) => `${m}.user_id = $1 AND ${SIP_RECORD(m)} AND ${inProject(m)}`;
