import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

/** What Node's HTTP parser refuses before the app sees a request, in the API's `{"detail"}` shape. */
function answerFor(code: string | undefined): { status: number; reason: string; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'Request Header Fields Too Large', detail: 'Request line or headers are larger than the server accepts' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, reason: 'Request Timeout', detail: 'Request timed out' };
  return { status: 400, reason: 'Bad Request', detail: 'Malformed HTTP request' };
}

/**
 * Node answers an oversized URL or header block, or a request it cannot parse,
 * with a bare status line and no body. Clients see every other error as JSON,
 * so these get the same shape.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable) {
      socket.destroy();
      return;
    }
    const { status, reason, detail } = answerFor(error.code);
    const body = JSON.stringify({ detail });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
