import { readdir, readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { settingDefault } from '@memctx/shared';
import { z } from 'zod';
import { mimeTypeOf } from './mime.js';
import { DocumentRefused, type Connector } from './types.js';

export interface FilesystemOptions {
  root: string;
  maxBytes?: number;
}

const Credentials = z.object({}).strict();

/**
 * Files under MEMCTX_FS_CONNECTOR_ROOT. external_id is the path relative to the
 * root with forward slashes. Anything that resolves outside the root, through
 * `..`, an absolute path or a symbolic link, is refused before it is read.
 */
export function filesystemConnector(options: FilesystemOptions): Connector<z.infer<typeof Credentials>> {
  const maxBytes = options.maxBytes ?? settingDefault('documentMaxBytes');
  const rootPromise = realpath(resolve(options.root));

  async function resolveInside(externalId: string): Promise<string> {
    const root = await rootPromise;
    if (externalId.includes('\0') || isAbsolute(externalId) || /^[a-zA-Z]:/.test(externalId) || externalId.startsWith('\\')) {
      throw new DocumentRefused('external_id must be a path relative to the connector root', 400);
    }
    const candidate = resolve(root, externalId);
    const inside = (path: string) => path === root || path.startsWith(root + sep);
    if (!inside(candidate)) throw new DocumentRefused('external_id points outside the connector root', 403);
    let real: string;
    try {
      real = await realpath(candidate);
    } catch {
      throw new DocumentRefused(`no such file: ${externalId}`, 404);
    }
    // A symbolic link inside the root may still lead out of it.
    if (!inside(real)) throw new DocumentRefused('external_id points outside the connector root', 403);
    if (!(await stat(real)).isFile()) throw new DocumentRefused(`not a file: ${externalId}`, 400);
    return real;
  }

  async function walk(dir: string, root: string, out: string[]): Promise<void> {
    for (const entry of await readdir(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) await walk(path, root, out);
      // Links are listed only if they resolve inside the root (checked by the caller).
      else if (entry.isFile() || entry.isSymbolicLink()) out.push(path);
    }
  }

  const documentOf = (root: string, path: string) => {
    const externalId = relative(root, path).split(sep).join('/');
    return {
      external_id: externalId,
      title: externalId.split('/').at(-1)!,
      mime_type: mimeTypeOf(path),
      source_url: pathToFileURL(path).toString(),
      metadata: { path: externalId },
    };
  };

  return {
    type: 'filesystem',
    displayName: 'Local files',
    credentialFields: [],
    credentials: Credentials,
    async list(_credentials, query, pageSize) {
      const root = await rootPromise;
      const paths: string[] = [];
      await walk(root, root, paths);
      const needle = query?.toLowerCase() ?? '';
      const documents = [];
      for (const path of paths.sort()) {
        const document = documentOf(root, path);
        if (needle && !document.external_id.toLowerCase().includes(needle) && !document.title.toLowerCase().includes(needle)) continue;
        // Symbolic links out of the root are not offered either.
        if (!(await resolveInside(document.external_id).then(() => true, () => false))) continue;
        documents.push(document);
        if (documents.length >= pageSize) break;
      }
      return documents;
    },
    async check(_credentials, externalId) {
      await resolveInside(externalId);
    },
    async fetch(_credentials, externalId) {
      const path = await resolveInside(externalId);
      // Checked when fetching, not when asked: an oversized file becomes a failed source with the reason.
      if ((await stat(path)).size > maxBytes) throw new DocumentRefused(`the file is larger than ${maxBytes} bytes`, 413);
      const root = await rootPromise;
      return { ...documentOf(root, path), external_id: externalId, content: await readFile(path) };
    },
  };
}
