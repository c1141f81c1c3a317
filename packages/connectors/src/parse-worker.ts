import { parentPort } from 'node:worker_threads';
import { extractDocument, loadFormatLibraries, type ParsedDocument } from './extract.js';

/** One document per message; the pool in parse.ts bounds this thread's time and heap. */
export interface ParseRequest {
  content: Uint8Array;
  mimeType: string;
  title: string;
}

export type ParseReply = ({ ok: true } & ParsedDocument) | { ok: false; name: string; message: string } | { ready: true };

parentPort!.on('message', (request: ParseRequest) => {
  // Both outcomes end in a reply of plain strings, which posting cannot fail on: nothing is left to reject.
  void extractDocument({ content: Buffer.from(request.content.buffer, request.content.byteOffset, request.content.byteLength), mimeType: request.mimeType, title: request.title })
    .then((parsed): ParseReply => ({ ok: true, ...parsed }))
    .catch((error: unknown): ParseReply => ({ ok: false, name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) }))
    .then((reply) => parentPort!.postMessage(reply));
});
// The pool starts a document's clock only now, so loading this thread and its libraries is not charged to the document.
await loadFormatLibraries();
parentPort!.postMessage({ ready: true });
