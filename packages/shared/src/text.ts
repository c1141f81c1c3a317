const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The first `max` characters (code points, as PostgreSQL's left() counts them) of `text` with every run of
 * whitespace turned into one space: a summary line for a feed or a list. Done in the process rather than with
 * regexp_replace in SQL, where the regex ran over the whole message (a large share of a rebuild's activity
 * insert); here only as much of the text is scanned as the line needs.
 */
export function oneLine(text: string, max: number): string {
  for (let end = max * 2; ; end *= 4) {
    // A cut inside a whitespace run or a surrogate pair only changes what lies past the first `max` characters.
    const flat = text.slice(0, end).replace(/\s+/g, ' ');
    const whole = end >= text.length;
    if (whole && flat.length <= max) return flat;
    // Without surrogates the first `max` UTF-16 units are the first `max` code points (the common case, no copy).
    if (!SURROGATE.test(flat.slice(0, max))) {
      if (flat.length > max || whole) return flat.slice(0, max);
      continue;
    }
    const points = Array.from(flat);
    if (points.length > max || whole) return points.slice(0, max).join('');
  }
}
