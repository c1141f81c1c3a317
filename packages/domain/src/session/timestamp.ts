import * as chrono from 'chrono-node';

// Instants outside this range are typos or units mix-ups, not when a conversation happened.
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31);

/** Digits only: epoch seconds (up to 11 digits) or milliseconds (12 or 13), as clients log them. */
function fromEpoch(text: string): number | null {
  const match = /^(\d{1,13})(\.\d+)?$/.exec(text);
  if (!match) return null;
  const digits = match[1]!;
  if (digits.length < 9) return null;
  const value = Number(text);
  return digits.length <= 11 ? Math.round(value * 1000) : Math.round(value);
}

/**
 * The instant a client's timestamp names, as an ISO string, or null when it
 * names none. Clients send ISO 8601, RFC 2822, epoch seconds or milliseconds,
 * and natural forms ("1:56 pm on 8 May, 2023", "yesterday"); chrono reads all
 * but epochs. A zone-less time is taken as UTC, and relative forms are read
 * against `now` (the command's clock), so the decision stays deterministic.
 */
export function parseClientTimestamp(text: string | null, now: Date): string | null {
  const trimmed = text?.trim();
  if (!trimmed) return null;
  const instant = fromEpoch(trimmed) ?? chrono.parseDate(trimmed, { instant: now, timezone: 'UTC' })?.getTime() ?? null;
  if (instant === null || Number.isNaN(instant) || instant < EARLIEST || instant > LATEST) return null;
  return new Date(instant).toISOString();
}
