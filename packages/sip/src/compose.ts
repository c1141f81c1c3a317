import type { Candidate } from '@memctx/read-models';
import { countTokens, truncateCounted } from '@memctx/tokens';
import { round3 } from './answerability.js';
import { excerpt, excerptLine, saysTooLittle } from './excerpt.js';
import type { TurnEvidence, WeightedTerm } from './match.js';
import type { Scored } from './rank.js';
import { isSmallTalk, isSmallTalkLine, userNamesSomething, userSaysLittle } from './small-talk.js';
import { supersessions } from './supersession.js';
import { withDatesResolved } from './dates-told.js';

export type SectionName = 'identity' | 'active_context' | 'preferences' | 'uncertain_facts';

export interface Citation {
  index: number;
  record_id: string;
  summary: string;
  provenance: string;
  source_id: string | null;
  source_title: string | null;
}

export interface SipSections {
  identity: Record<string, unknown>[];
  active_context: Record<string, unknown>[];
  preferences: Record<string, unknown>[];
  /** An empty passthrough: this service never fabricates calibration. */
  calibration_notes: Record<string, unknown>;
  uncertain_facts: Record<string, unknown>[];
}

export interface ComposedSip {
  sip: string;
  citations: Citation[];
  sections: SipSections;
  records_used: number;
  record_ids: string[];
  tokens_sip: number;
}

export interface ComposeOptions {
  budgetTokens: number;
  /** A long record (a big exchange or chunk) is cut to this many tokens so one record cannot eat the budget. */
  maxRecordTokens: number;
  hasQuery: boolean;
  /** The query's weighted terms: what each record is cut down to (no terms = records as they are). */
  terms?: readonly WeightedTerm[];
  /** Sentences worth keeping in an excerpt for what they hold (a date for "when"): see answer-hint.ts. */
  answers?: (sentence: string) => boolean;
  /** Memory does not answer the query: only the closest few records, briefly, under a note that says so. */
  abstain?: boolean;
  /**
   * The query asks what was said at a time ("What did we talk about yesterday?"): it has no words to weigh
   * (`hasQuery` false, records as they are), yet it is a query, so greetings and small talk are left out.
   */
  recap?: boolean;
}

const SECTION_ORDER: readonly SectionName[] = ['identity', 'active_context', 'preferences', 'uncertain_facts'];
const SECTION_TITLES: Record<SectionName, string> = {
  identity: '## Identity',
  active_context: '## Active context',
  preferences: '## Preferences',
  uncertain_facts: '## Uncertain (unconfirmed hypotheses; never state these as fact)',
};
const SIP_TITLE = 'Memory context.';
export const SIP_HEADER = `${SIP_TITLE} Cite an item as [n]. Conversation rounds read user → assistant, newest first, under the date they happened.`;
export const ABSTAIN_NOTE = 'Nothing in memory answers this query; say so rather than guess.';
const ABSTAIN_WITH_CLOSEST = `${ABSTAIN_NOTE} The closest records:`;
// What an abstaining SIP says when no record is close enough to show: a client that pastes the SIP into the prompt
// without reading `abstain` still tells the model there is nothing to go on.
const NOTHING_CLOSE = `${SIP_TITLE} ${ABSTAIN_NOTE}`;
// The best-ranked rounds show their turns whole (up to maxRecordTokens); the rest are cut to what bears on the query.
// A document chunk is always cut so: a whole section of a handbook is hundreds of tokens, and whole chunks took the
// budget from the chunks that held the answer.
const WHOLE_LINES = 3;
// A record scoring under this share of the best record's score is not worth a line: the budget goes to evidence. The
// nearest few by meaning (marked by the lift in rank.ts) are exempt: their score counts the query's words, and the
// lift that gave them a place among the first ranks only reaches the tenth record's score, which a record stating
// every query word can leave far below ("Omar runs our team from this week" for "Who is my manager?", beside "1:1 with
// my manager Priscilla").
const WEAK_SHARE = 0.15;
// Nor is a record that holds no word of the query and whose vector is further from it than this share of the closest
// record's similarity: found by recency or as a neighbour, it is filler ("How many grams is 3 cups of flour?" for
// "What is my cat called?"). Relative, so it holds for models whose similarities run higher or lower.
const FAR_SIMILARITY_SHARE = 0.3;
// A round whose user side says next to nothing ("ugh, mondays", "tell me a joke") must come closer than this share:
// what it holds is the assistant's chatter, not something the user said, unless it is among the closest by meaning.
const SAYS_LITTLE_SIMILARITY_SHARE = 0.7;
// A record whose vector is closer to small talk than to the query by more than this is chatter found by meaning ("it's
// snowing out and I feel weirdly productive" for "What do I do for work?")...
const CHATTER_MARGIN = 0.1;
// ...unless it states at least this share of what the best record states of the query, a rare word of it among them:
// "can't believe how fast this year is going" holds "year" for "Which races have I run this year?", the round that
// names the races holds more.
const CHATTER_COVERAGE_SHARE = 0.5;
// When abstaining: this many closest records at most, each cut this short, so the SIP stays a note.
const ABSTAIN_LINES = 2;
const ABSTAIN_RECORD_TOKENS = 40;
// What a line costs beyond its text ([n], spacing, a share of the date lines), for packing; the exact count is taken after.
const LINE_OVERHEAD_TOKENS = 5;
// A line is never cheaper than this ("[n] A → B …" and its share of a date line).
const SMALLEST_LINE_TOKENS = 10;
// Records whose words overlap this much say the same thing: one line, citing the newest.
const NEAR_DUPLICATE = 0.8;

export function sectionOf(candidate: Pick<Candidate, 'provenance' | 'record_type'>): SectionName {
  if (candidate.provenance === 'AI_GENERATED') return 'uncertain_facts';
  if (candidate.record_type === 'PREFERENCE') return 'preferences';
  if (candidate.provenance === 'USER_STATED' || candidate.provenance === 'USER_CONFIRMED') return 'identity';
  return 'active_context';
}

/** Only what the section and the header do not already say. */
function label(candidate: Candidate): string {
  switch (candidate.provenance) {
    case 'DOCUMENT_VERIFIED':
      return `document "${candidate.source_title ?? 'untitled'}": `;
    case 'AI_INFERRED':
      return 'inference only: ';
    case 'AI_GENERATED':
      return 'unconfirmed: ';
    default:
      return '';
  }
}

interface Line {
  candidate: Candidate;
  evidence: TurnEvidence;
  text: string;
  words: Set<string>;
  /** How many records this line stands for (near-duplicates collapsed into it). */
  repeats: number;
}

interface Rendered {
  sip: string;
  ordered: Line[];
  /** By a line's position in `ordered`: the position of the newer line that replaces what it states. */
  supersededBy: Map<number, number>;
}

// Words with a letter (ids and codes such as "KEPT3f2a" included); bare numbers are left out, so a fact restated with a new count or number reads as the same fact and only its newest statement is shown.
// (A run of letters and digits that holds a letter, matched in one pass.)
const wordSet = (text: string) => new Set(text.toLowerCase().match(/\p{N}*\p{L}[\p{L}\p{N}]*/gu));

/** Whether two lines' words overlap enough (Jaccard) to say the same thing. */
function nearDuplicates(a: Set<string>, b: Set<string>): boolean {
  // The shared words are at most the smaller set and the union at least the larger, so sets this unequal never are.
  if (Math.min(a.size, b.size) < NEAR_DUPLICATE * Math.max(a.size, b.size)) return false;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / Math.max(1, a.size + b.size - shared) >= NEAR_DUPLICATE;
}

/**
 * A candidate's line and its token count (the ellipsis counted as one), counted once: its turns whole when asked for
 * and they fit, else cut to what bears on the query (a blind cut of a long turn could drop the answer with the rest).
 */
function lineText(candidate: Candidate, terms: readonly WeightedTerm[], maxTokens: number, answers: ((sentence: string) => boolean) | undefined, whole: boolean): { text: string; tokens: number } {
  if (whole) {
    const text = excerpt(candidate, []);
    const tokens = countTokens(text);
    if (tokens <= maxTokens) return { text, tokens };
  }
  const line = excerptLine(candidate, terms, answers, maxTokens);
  if (line.tokens <= maxTokens) return line;
  const cut = truncateCounted(line.text, maxTokens);
  return { text: `${cut.text}…`, tokens: cut.tokens + 1 };
}

// A document's "yesterday" is its author's, not the day it was pulled in.
const datesWrittenOut = ({ candidate, text }: Line) => (candidate.source_id === null ? withDatesResolved(text, candidate.created_at) : text);

// What a line shows of its evidence (the flags were read before composing).
const strongest = (a: TurnEvidence, b: TurnEvidence): TurnEvidence => ({
  coverage: Math.max(a.coverage, b.coverage),
  similarity: a.similarity === null ? b.similarity : b.similarity === null ? a.similarity : Math.max(a.similarity, b.similarity),
});

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

function render(lines: readonly Line[], hasQuery: boolean, note?: string): Rendered {
  // `lines` come in rank order.
  const rank = new Map(lines.map((line, i) => [line, i]));
  // Newest first within a section: what was said last about a thing is what holds now, and one date line serves a day's records.
  const ordered = SECTION_ORDER.flatMap((section) =>
    lines.filter((line) => sectionOf(line.candidate) === section).sort((a, b) => b.candidate.created_at.getTime() - a.candidate.created_at.getTime()),
  );
  // Without a query there is no thing asked about, so nothing to judge replaced.
  const supersededBy = hasQuery ? supersessions(ordered, (line) => rank.get(line)!) : new Map<number, number>();
  if (ordered.length === 0) return { sip: note ? NOTHING_CLOSE : '', ordered, supersededBy };
  const out = note ? [SIP_HEADER, note] : [SIP_HEADER];
  let section: SectionName | undefined;
  let day: string | undefined;
  ordered.forEach((line, i) => {
    const current = sectionOf(line.candidate);
    if (current !== section) {
      out.push(SECTION_TITLES[current]);
      day = undefined;
    }
    section = current;
    const date = dayOf(line.candidate.created_at);
    if (date !== day) out.push(`${date}:`);
    day = date;
    const repeats = line.repeats > 1 ? ` (said ${line.repeats} times; latest shown)` : '';
    const newer = supersededBy.get(i);
    const superseded = newer === undefined ? '' : `(superseded by [${newer + 1}]) `;
    out.push(`[${i + 1}] ${superseded}${label(line.candidate)}${line.text}${repeats}`);
  });
  return { sip: out.join('\n'), ordered, supersededBy };
}

/**
 * With a query, the records worth a line: no small talk, nothing far weaker than the best. Judged one at a time as
 * the packing reaches them, since it stops once the budget is full.
 */
function* bearing(ranked: readonly Scored<Candidate>[], { hasQuery, abstain = false, recap = false }: ComposeOptions): Iterable<Scored<Candidate>> {
  if (!hasQuery) return yield* (recap ? ranked.filter((scored) => !isSmallTalk(scored.candidate)) : ranked);
  const floor = (ranked[0]?.score ?? 0) * WEAK_SHARE;
  const closest = ranked.reduce((best, scored) => Math.max(best, scored.evidence.similarity ?? 0), 0);
  const widest = ranked.reduce((best, scored) => Math.max(best, scored.evidence.coverage), 0);
  for (const scored of ranked) {
    if ((scored.score < floor && !scored.nearest) || isSmallTalk(scored.candidate) || (abstain && !close(scored))) continue;
    const { coverage, selectiveCoverage = coverage } = scored.evidence;
    if (coverage === 0 && isFar(scored, closest)) continue;
    // Stating only the query's common words is stating none of what it asks: "Weather like that does set the mood!"
    // holds "like" of "How spicy do I like my food?".
    if ((selectiveCoverage === 0 || coverage < widest * CHATTER_COVERAGE_SHARE) && isChatter(scored)) continue;
    yield scored;
  }
}

/**
 * Far from the query by meaning: under the share of the closest record's similarity its kind needs, or embedded and
 * yet not among the nearest records at all (found by recency). A record not embedded yet has nothing to judge by.
 */
function isFar({ candidate, evidence: { similarity } }: Scored<Candidate>, closest: number): boolean {
  if (similarity === null) return closest > 0 && candidate.embedded === true;
  return similarity < closest * (userSaysLittle(candidate) ? SAYS_LITTLE_SIMILARITY_SHARE : FAR_SIMILARITY_SHARE);
}

/**
 * Closer to small talk than to the query (see CHATTER_MARGIN). A record found by its words alone is judged by its
 * similarity read with it (`query_similarity`); a record with no vector, or read without the contrast, is not.
 */
function isChatter({ candidate, evidence }: Scored<Candidate>): boolean {
  const chatter = candidate.contrast_similarity;
  const similarity = evidence.similarity ?? candidate.query_similarity;
  return chatter != null && similarity != null && chatter > similarity + CHATTER_MARGIN && !userNamesSomething(candidate);
}

// When abstaining, "the closest records" must be close in some sense: stating a word of the query, or near by meaning
// (a vector to compare) and more than chatter. A record found only by recency says nothing of the query, and a round
// whose user side says next to nothing ("tell me something funny") is no "closest I have" for a blood type.
function close({ candidate, evidence }: Scored<Candidate>): boolean {
  return evidence.coverage > 0 || (evidence.similarity !== null && !userSaysLittle(candidate));
}

/**
 * Packs ranked candidates into a SIP within the token budget: best first, the
 * best few with their turns whole and the rest cut to the sentences that bear
 * on the query, near-duplicates collapsed into one line that cites the newest;
 * then renders them by section, newest first, marks a statement a newer one
 * replaces, and numbers citations in the order their [n] markers appear. When
 * memory does not answer the query, only the closest few records are shown,
 * briefly, under a note that says so.
 */
export function composeSip(ranked: readonly Scored<Candidate>[], options: ComposeOptions): ComposedSip {
  const terms = options.terms ?? [];
  const note = options.abstain ? ABSTAIN_WITH_CLOSEST : undefined;
  const maxLines = options.abstain ? ABSTAIN_LINES : Infinity;
  const lines: Line[] = [];
  let estimate = countTokens(SIP_HEADER) + (note ? countTokens(note) : 0) + SECTION_ORDER.length * 8;
  for (const { candidate, evidence } of bearing(ranked, options)) {
    // Once no line could fit any more, the rest of the candidates cost excerpting and counting for nothing.
    if (options.budgetTokens - estimate < SMALLEST_LINE_TOKENS || lines.length >= maxLines) break;
    const whole = !options.abstain && lines.length < WHOLE_LINES && candidate.source_id === null;
    const maxTokens = options.abstain ? ABSTAIN_RECORD_TOKENS : options.maxRecordTokens;
    const { text, tokens } = lineText(candidate, terms, maxTokens, options.answers, whole);
    // A record found by meaning alone is cut to its opening, often a greeting or a few words: such a line cites nothing.
    if ((options.hasQuery || options.recap) && isSmallTalkLine(text)) continue;
    if (options.hasQuery && saysTooLittle(text, terms)) continue;
    const words = wordSet(text);
    const same = lines.find((line) => sectionOf(line.candidate) === sectionOf(candidate) && nearDuplicates(line.words, words));
    if (same) {
      same.repeats++;
      same.evidence = strongest(same.evidence, evidence);
      if (candidate.created_at > same.candidate.created_at) Object.assign(same, { candidate, text, words });
      continue;
    }
    const cost = tokens + LINE_OVERHEAD_TOKENS;
    if (estimate + cost > options.budgetTokens) continue;
    lines.push({ candidate, evidence, text, words, repeats: 1 });
    estimate += cost;
  }
  // Written out once the lines are chosen, not for every candidate tried: the render below counts them in the budget.
  for (const line of lines) line.text = datesWrittenOut(line);
  let rendered = render(lines, options.hasQuery, note);
  let sipTokens = countTokens(rendered.sip);
  // The estimate is close but not exact; should the real count exceed the budget, drop the weakest until it fits.
  while (rendered.ordered.length > 0 && sipTokens > options.budgetTokens) {
    lines.pop();
    rendered = render(lines, options.hasQuery, note);
    sipTokens = countTokens(rendered.sip);
  }
  const { sip, ordered, supersededBy } = rendered;
  const citations: Citation[] = ordered.map(({ candidate }, i) => ({
    index: i + 1,
    record_id: candidate.record_id,
    summary: candidate.summary,
    provenance: candidate.provenance,
    source_id: candidate.source_id,
    source_title: candidate.source_title,
  }));
  const sections: SipSections = { identity: [], active_context: [], preferences: [], calibration_notes: {}, uncertain_facts: [] };
  ordered.forEach(({ candidate, text, evidence, repeats }, i) => {
    const section = sectionOf(candidate);
    sections[section].push({
      index: i + 1,
      record_id: candidate.record_id,
      provenance: candidate.provenance,
      text,
      created_at: candidate.created_at.toISOString(),
      ...(options.hasQuery ? { coverage: round3(evidence.coverage), similarity: evidence.similarity === null ? null : round3(evidence.similarity) } : {}),
      ...(repeats > 1 ? { repeats } : {}),
      ...(supersededBy.has(i) ? { superseded_by: supersededBy.get(i)! + 1 } : {}),
      ...(candidate.source_id ? { source_id: candidate.source_id, source_title: candidate.source_title } : {}),
      ...(candidate.provenance === 'AI_INFERRED' ? { inference_only: true } : {}),
      ...(section === 'uncertain_facts' ? { uncertain: true } : {}),
    });
  });
  return {
    sip,
    citations,
    sections,
    records_used: ordered.length,
    record_ids: ordered.map((line) => line.candidate.record_id),
    tokens_sip: sipTokens,
  };
}
