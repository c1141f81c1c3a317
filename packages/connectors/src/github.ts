import { z } from 'zod';
import { settingDefault } from '@memctx/shared';
import { mimeTypeOf, SUPPORTED_MIME_TYPES } from './mime.js';
import { CredentialsRejected, DocumentRefused, UpstreamError, type Connector } from './types.js';

export interface GithubOptions {
  /** https://api.github.com (MEMCTX_GITHUB_API_URL's default), or a GitHub Enterprise / test server base URL. */
  baseUrl?: string;
  timeoutMs?: number;
}

const name = z.string().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, 'letters, digits, ".", "-" and "_" only');
const Credentials = z
  .object({
    token: z.string().min(1, 'a GitHub token is required').max(500),
    owner: name,
    repo: name,
    ref: z.string().min(1).max(250).optional(),
  })
  .strict();
type GithubCredentials = z.infer<typeof Credentials>;

interface TreeEntry {
  path: string;
  type: string;
  size?: number;
}

/**
 * Documents of one GitHub repository through the REST API (2022-11-28): the
 * tree lists its Markdown, text, HTML, PDF and DOCX files; contents fetches one.
 */
export function githubConnector(options: GithubOptions = {}): Connector<GithubCredentials> {
  const base = (options.baseUrl ?? settingDefault('githubApiUrl')).replace(/\/$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;

  async function call(credentials: GithubCredentials, path: string): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        headers: {
          authorization: `Bearer ${credentials.token}`,
          accept: 'application/vnd.github+json',
          'x-github-api-version': '2022-11-28',
          'user-agent': 'memctx-github-connector',
        },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new UpstreamError(`GitHub did not answer: ${(error as Error).message}`);
    }
    if (response.ok) return response.json();
    await response.body?.cancel();
    if (response.status === 401) throw new CredentialsRejected('GitHub rejected the token');
    if (response.status === 403 || response.status === 429) {
      if (response.headers.get('x-ratelimit-remaining') === '0' || response.status === 429) throw new UpstreamError('GitHub rate limit reached; retry later');
      throw new CredentialsRejected('the token may not read this repository');
    }
    if (response.status === 404) throw new DocumentRefused('not found on GitHub (or not visible to this token)', 404);
    if (response.status >= 500) throw new UpstreamError(`GitHub answered ${response.status}`);
    throw new DocumentRefused(`GitHub answered ${response.status}`, 400);
  }

  const repoPath = (c: GithubCredentials) => `/repos/${encodeURIComponent(c.owner)}/${encodeURIComponent(c.repo)}`;
  const ref = (c: GithubCredentials) => c.ref ?? 'HEAD';
  const documentOf = (c: GithubCredentials, path: string, size?: number) => ({
    external_id: path,
    title: path.split('/').at(-1)!,
    mime_type: mimeTypeOf(path),
    source_url: `https://github.com/${c.owner}/${c.repo}/blob/${ref(c)}/${path.split('/').map(encodeURIComponent).join('/')}`,
    metadata: { repository: `${c.owner}/${c.repo}`, path, ...(size === undefined ? {} : { size }) },
  });

  function checkPath(externalId: string): void {
    if (externalId.startsWith('/') || externalId.split('/').some((part) => part === '..' || part === '.' || part === '')) {
      throw new DocumentRefused('external_id must be a file path inside the repository', 400);
    }
  }

  return {
    type: 'github',
    displayName: 'GitHub repository',
    credentialFields: [
      { name: 'token', description: 'A GitHub token that can read the repository', required: true, secret: true },
      { name: 'owner', description: 'The repository owner (user or organisation)', required: true, secret: false },
      { name: 'repo', description: 'The repository name', required: true, secret: false },
      { name: 'ref', description: 'Branch, tag or commit (default: the default branch)', required: false, secret: false },
    ],
    credentials: Credentials,
    async list(credentials, query, pageSize) {
      const tree = (await call(credentials, `${repoPath(credentials)}/git/trees/${encodeURIComponent(ref(credentials))}?recursive=1`)) as { tree?: TreeEntry[] };
      const needle = query?.toLowerCase() ?? '';
      return (tree.tree ?? [])
        .filter((entry) => entry.type === 'blob' && SUPPORTED_MIME_TYPES.has(mimeTypeOf(entry.path)))
        .filter((entry) => !needle || entry.path.toLowerCase().includes(needle))
        .slice(0, pageSize)
        .map((entry) => documentOf(credentials, entry.path, entry.size));
    },
    async check(_credentials, externalId) {
      checkPath(externalId);
    },
    async fetch(credentials, externalId) {
      checkPath(externalId);
      const path = externalId.split('/').map(encodeURIComponent).join('/');
      const file = (await call(credentials, `${repoPath(credentials)}/contents/${path}?ref=${encodeURIComponent(ref(credentials))}`)) as {
        type?: string;
        encoding?: string;
        content?: string;
        size?: number;
        html_url?: string;
      };
      if (file.type !== 'file') throw new DocumentRefused(`${externalId} is not a file`, 400);
      if (file.encoding !== 'base64' || file.content === undefined) throw new DocumentRefused(`${externalId} is too large for the contents API (over 1 MB)`, 413);
      return { ...documentOf(credentials, externalId, file.size), source_url: file.html_url ?? documentOf(credentials, externalId).source_url, content: Buffer.from(file.content, 'base64') };
    },
  };
}
