import { extname } from 'node:path';

const BY_EXTENSION: Record<string, string> = {
  '.md': 'text/markdown',
  '.markdown': 'text/markdown',
  '.txt': 'text/plain',
  '.text': 'text/plain',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const SUPPORTED_MIME_TYPES = new Set(Object.values(BY_EXTENSION));

export function mimeTypeOf(path: string): string {
  return BY_EXTENSION[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** A Content-Type header's media type, lower-cased, without parameters. */
export const mediaType = (contentType: string | null | undefined) => (contentType ?? '').split(';')[0]!.trim().toLowerCase();
