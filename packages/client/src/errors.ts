/** What the API answers on failure: a message, or the 422 list of `{loc, msg, type}` items. */
export type ErrorDetail = string | Array<{ loc: Array<string | number>; msg: string; type: string }>;

/** A non-2xx answer of the API, with its status and `detail`. */
export class MemctxApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: ErrorDetail | undefined,
    readonly headers: Headers,
  ) {
    super(MemctxApiError.describe(status, detail));
    this.name = 'MemctxApiError';
  }

  static describe(status: number, detail: ErrorDetail | undefined): string {
    if (typeof detail === 'string') return `${status}: ${detail}`;
    if (Array.isArray(detail)) return `${status}: ${detail.map((item) => `${item.loc.join('.')}: ${item.msg}`).join('; ')}`;
    return `HTTP ${status}`;
  }
}

export async function errorFrom(response: Response, body: unknown): Promise<MemctxApiError> {
  const detail = (body as { detail?: ErrorDetail } | undefined)?.detail;
  return new MemctxApiError(response.status, detail, response.headers);
}
