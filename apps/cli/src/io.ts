/** What a command may touch, passed in so tests can run commands in-process. */
export interface CliIo {
  env: Readonly<Record<string, string | undefined>>;
  stdout(text: string): void;
  stderr(text: string): void;
  fetch: typeof fetch;
}

export const EXIT = {
  ok: 0,
  /** The server refused or failed, or could not be reached. */
  failed: 1,
  /** Bad arguments or missing configuration: nothing was sent. */
  usage: 2,
  /** The admin token was rejected. */
  unauthorized: 3,
} as const;

/** A failure to report as `memctx: <message>` with its exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.failed,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export const usageError = (message: string) => new CliError(message, EXIT.usage);
