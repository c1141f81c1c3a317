import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CredentialsRejected, DocumentRefused, githubConnector, UpstreamError } from '../src/index.js';

/*
 * A local server answering in the shapes of GitHub's REST API (2022-11-28):
 * GET /repos/{owner}/{repo}/git/trees/{ref}?recursive=1 and
 * GET /repos/{owner}/{repo}/contents/{path}?ref=..., with GitHub's error statuses.
 */
const TOKEN = 'ghp_testtoken';
const tree = {
  sha: '9fb037999f264ba9a7fc6274d15fa3ae2ab98312',
  url: 'https://api.github.com/repos/acme/handbook/git/trees/9fb037999f264ba9a7fc6274d15fa3ae2ab98312',
  tree: [
    { path: 'README.md', mode: '100644', type: 'blob', sha: 'a1', size: 120, url: 'https://api.github.com/repos/acme/handbook/git/blobs/a1' },
    { path: 'docs', mode: '040000', type: 'tree', sha: 'b2', url: 'https://api.github.com/repos/acme/handbook/git/trees/b2' },
    { path: 'docs/On-call.md', mode: '100644', type: 'blob', sha: 'c3', size: 2048, url: 'https://api.github.com/repos/acme/handbook/git/blobs/c3' },
    { path: 'docs/logo.png', mode: '100644', type: 'blob', sha: 'd4', size: 9000, url: 'https://api.github.com/repos/acme/handbook/git/blobs/d4' },
    { path: 'docs/guide.pdf', mode: '100644', type: 'blob', sha: 'e5', size: 30000, url: 'https://api.github.com/repos/acme/handbook/git/blobs/e5' },
  ],
  truncated: false,
};
const onCall = '# On-call\n\nPage the secondary after 15 minutes.\n';

describe('GitHub connector against recorded-shape responses', () => {
  let server: Server;
  let baseUrl: string;
  const seen: IncomingMessage[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      seen.push(req);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(JSON.stringify(body));
      if (req.headers.authorization !== `Bearer ${TOKEN}`) return json(401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
      const url = new URL(req.url!, 'http://x');
      if (url.pathname.startsWith('/repos/acme/limited/')) {
        return json(403, { message: 'API rate limit exceeded', status: '403' }, { 'x-ratelimit-remaining': '0' });
      }
      if (url.pathname === '/repos/acme/handbook/git/trees/HEAD' && url.searchParams.get('recursive') === '1') return json(200, tree);
      if (url.pathname === '/repos/acme/handbook/contents/docs/On-call.md') {
        return json(200, {
          type: 'file', encoding: 'base64', size: onCall.length, name: 'On-call.md', path: 'docs/On-call.md', sha: 'c3',
          content: Buffer.from(onCall).toString('base64').replace(/(.{60})/g, '$1\n'),
          html_url: 'https://github.com/acme/handbook/blob/main/docs/On-call.md',
          download_url: 'https://raw.githubusercontent.com/acme/handbook/main/docs/On-call.md',
        });
      }
      if (url.pathname === '/repos/acme/handbook/contents/docs') return json(200, [{ type: 'file', name: 'On-call.md' }]);
      return json(404, { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const credentials = { token: TOKEN, owner: 'acme', repo: 'handbook' };

  it('lists the repository documents (blobs of supported types), filtered and capped', async () => {
    const github = githubConnector({ baseUrl });
    const docs = await github.list(credentials, null, 10);
    expect(docs.map((d) => d.external_id)).toEqual(['README.md', 'docs/On-call.md', 'docs/guide.pdf']);
    expect(docs[1]).toEqual({
      external_id: 'docs/On-call.md', title: 'On-call.md', mime_type: 'text/markdown',
      source_url: 'https://github.com/acme/handbook/blob/HEAD/docs/On-call.md', metadata: { repository: 'acme/handbook', path: 'docs/On-call.md', size: 2048 },
    });
    expect((await github.list(credentials, 'on-CALL', 10)).map((d) => d.external_id)).toEqual(['docs/On-call.md']);
    expect(await github.list(credentials, null, 1)).toHaveLength(1);
    const last = seen.at(-1)!;
    expect(last.headers['x-github-api-version']).toBe('2022-11-28');
    expect(last.headers.accept).toBe('application/vnd.github+json');
  });

  it('fetches a file through the contents API, decoding base64', async () => {
    const doc = await githubConnector({ baseUrl }).fetch(credentials, 'docs/On-call.md');
    expect(doc.content.toString()).toBe(onCall);
    expect(doc.source_url).toBe('https://github.com/acme/handbook/blob/main/docs/On-call.md');
  });

  it('maps GitHub errors: 401 bad token, 404 missing, 403 rate limit (retryable), a directory is no file', async () => {
    const github = githubConnector({ baseUrl });
    await expect(github.fetch({ ...credentials, token: 'wrong' }, 'README.md')).rejects.toBeInstanceOf(CredentialsRejected);
    await expect(github.fetch(credentials, 'missing.md')).rejects.toMatchObject({ name: 'DocumentRefused', status: 404 });
    await expect(github.list({ ...credentials, repo: 'limited', owner: 'acme' }, null, 5)).rejects.toBeInstanceOf(UpstreamError);
    await expect(github.fetch(credentials, 'docs')).rejects.toBeInstanceOf(DocumentRefused);
    await expect(github.check(credentials, '../etc/passwd')).rejects.toBeInstanceOf(DocumentRefused);
  });

  it('validates credentials and never puts the token in an error message', async () => {
    const github = githubConnector({ baseUrl });
    expect(github.credentials.safeParse({ owner: 'acme', repo: 'handbook' }).success).toBe(false);
    expect(github.credentials.safeParse({ ...credentials, owner: 'a/b' }).success).toBe(false);
    const error: unknown = await github.fetch({ ...credentials, token: 'ghp_verysecret' }, 'README.md').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CredentialsRejected);
    expect((error as Error).message).not.toContain('ghp_verysecret');
    expect(github.credentialFields.find((f) => f.name === 'token')).toMatchObject({ secret: true, required: true });
  });
});
