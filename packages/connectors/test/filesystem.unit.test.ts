import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { DocumentRefused, filesystemConnector } from '../src/index.js';

describe('filesystem connector', () => {
  let root: string;
  let outside: string;
  beforeAll(() => {
    const base = mkdtempSync(join(tmpdir(), 'memctx-fs-'));
    root = join(base, 'root');
    outside = join(base, 'secret.txt');
    mkdirSync(join(root, 'notes/Deep'), { recursive: true });
    writeFileSync(join(root, 'notes/Oven Guide.md'), '# Oven\nruns hot');
    writeFileSync(join(root, 'notes/Deep/bread.txt'), 'sourdough');
    writeFileSync(join(root, 'readme.html'), '<p>hi</p>');
    writeFileSync(outside, 'top secret');
    symlinkSync(outside, join(root, 'notes/escape.txt'));
    symlinkSync(join(root, 'notes/Deep/bread.txt'), join(root, 'inside-link.txt'));
  });

  it('lists files under the root with forward-slash ids, MIME types, and never a link out of the root', async () => {
    const docs = await filesystemConnector({ root }).list({}, null, 100);
    expect(docs.map((d) => d.external_id)).toEqual(['inside-link.txt', 'notes/Deep/bread.txt', 'notes/Oven Guide.md', 'readme.html']);
    expect(docs.find((d) => d.external_id === 'notes/Oven Guide.md')).toMatchObject({ title: 'Oven Guide.md', mime_type: 'text/markdown' });
  });

  it('filters by a case-insensitive substring of title or path, up to the page size', async () => {
    const fs = filesystemConnector({ root });
    expect((await fs.list({}, 'OVEN', 100)).map((d) => d.external_id)).toEqual(['notes/Oven Guide.md']);
    expect((await fs.list({}, 'deep', 100)).map((d) => d.external_id)).toEqual(['notes/Deep/bread.txt']);
    expect(await fs.list({}, null, 2)).toHaveLength(2);
  });

  it('fetches a file by its relative path', async () => {
    const doc = await filesystemConnector({ root }).fetch({}, 'notes/Deep/bread.txt');
    expect(doc.content.toString()).toBe('sourdough');
    expect(doc.mime_type).toBe('text/plain');
  });

  it('refuses .., absolute paths and symbolic links that lead outside the root', async () => {
    const fs = filesystemConnector({ root });
    for (const id of ['../secret.txt', 'notes/../../secret.txt', outside, 'notes/escape.txt', '/etc/passwd']) {
      await expect(fs.fetch({}, id), id).rejects.toBeInstanceOf(DocumentRefused);
      await expect(fs.check({}, id), id).rejects.toBeInstanceOf(DocumentRefused);
    }
    await expect(fs.fetch({}, 'notes/escape.txt')).rejects.toMatchObject({ status: 403 });
    await expect(fs.fetch({}, 'missing.md')).rejects.toMatchObject({ status: 404 });
  });

  it('refuses files over the size cap and takes no credentials', async () => {
    await expect(filesystemConnector({ root, maxBytes: 3 }).fetch({}, 'notes/Deep/bread.txt')).rejects.toMatchObject({ status: 413 });
    expect(filesystemConnector({ root }).credentials.safeParse({ token: 'x' }).success).toBe(false);
  });
});
