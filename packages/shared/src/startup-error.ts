/**
 * A service this process needs is missing or refuses it at start (KurrentDB unreachable): `main`
 * prints the message as one line and exits with 2, like a bad variable, instead of a stack trace.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  constructor(message: string, options?: { cause?: unknown }) {
    // One line whatever the cause said: gRPC reasons span several.
    super(message.replace(/\s*\n\s*/g, ' ').trim(), options);
  }
}
