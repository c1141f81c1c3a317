import { turnsOf, type Turn, type TurnSource } from '@memctx/read-models';

/*
 * A leading speaker label ("Caroline: ", "Dr. Ruiz: ") names who says every sentence of the turn: a name of one to three
 * capitalised words. Replies open with a colon often ("Here's one: …", "Another one: …", "For Sydney: …"), so a lower
 * case word or a first word that begins a phrase rather than a name is no label.
 */
export const SPEAKER = /^(?!(?:For|From|In|On|At|To|The|A|An|And|Or|But|With|Here|There|This|That|These|Those|Try|Note|Tip|Step|Answer|Example|Option|Update|Edit|Also|Then|So|Yes|No|Ok|Okay)\b)(\p{Lu}[\p{L}\p{N}.'-]*(?: \p{Lu}[\p{L}\p{N}.'-]*){0,2}):\s/u;

export const speakerOf = (text: string) => SPEAKER.exec(text.trimStart())?.[1]?.toLowerCase() ?? null;

// The one a greeting is addressed to: "Sure thing, Tim!", "Hey Mel!", "Thanks, John." ("Italy was awesome!" names no one;
// nor does "We moved to Austin, Texas.": after a capitalised word inside a sentence, a comma joins a place to its region).
export const ADDRESSED = /(?:(?<![^\s.!?]\s+\p{Lu}[\p{L}'-]*),\s*|\b(?:[Hh]i|[Hh]iya|[Hh]ey|[Hh]ello|[Tt]hanks|[Tt]hank you|[Bb]ye|[Cc]ongrats|[Cc]ongratulations|[Mm]orning|[Ee]vening|[Nn]ight)\s+)(\p{Lu}[\p{L}'-]*)(?=\s*[!.?,]|$)/gu;

/** Who says a turn of a record: its label, or the name the other side calls it by in its session. */
export type SpeakerOfTurn = (record: SpeakerSource, turn: Turn) => string | null;

export type SpeakerSource = TurnSource & { session_id?: string | null };

export const labelOf: SpeakerOfTurn = (_record, turn) => speakerOf(turn.text);

type Votes = Map<string, number>;

/** The name called out most, unless another is called out as often. */
const topName = (votes: Votes): string | undefined => {
  const ranked = [...votes].sort((a, b) => b[1] - a[1]);
  return ranked.length > 0 && (ranked.length === 1 || ranked[0]![1] > ranked[1]![1]) ? ranked[0]![0] : undefined;
};

/*
 * Without labels, who says a turn is read from how the two sides of a session address each other: "Hey Mel!" in a
 * user turn names the one who replies, "Thanks, Caroline!" in a reply names the user. People name the one they talk
 * to, almost never themselves, so the name the user side calls out most in a session is the assistant side's, and
 * the other way round. Per session: two people may take either side from one session to the next. A session that
 * names one side only has the other person of a two-person conversation on its other side (`completeSides`); one whose
 * sides name no one (or name two people as often) gets no speakers, and its turns count for anyone. A label, where a
 * turn has one, says it first.
 */
export function inferSpeakers(records: readonly SpeakerSource[]): SpeakerOfTurn {
  const votes = new Map<string, { user: Votes; assistant: Votes }>();
  for (const record of records) {
    if (!record.session_id || record.user_text === null) continue;
    const session = votes.get(record.session_id) ?? { user: new Map(), assistant: new Map() };
    votes.set(record.session_id, session);
    for (const turn of turnsOf(record)) {
      const addressee = turn.role === 'user' ? session.assistant : session.user;
      for (const match of turn.text.matchAll(ADDRESSED)) {
        const name = match[1]!.toLowerCase();
        addressee.set(name, (addressee.get(name) ?? 0) + 1);
      }
    }
  }
  const names = new Map<string, { user?: string; assistant?: string }>();
  for (const [session, { user, assistant }] of votes) {
    const sides = { user: topName(user), assistant: topName(assistant) };
    if (sides.user !== sides.assistant) names.set(session, sides);
  }
  if (names.size === 0) return labelOf;
  completeSides(names);
  return (record, turn) => speakerOf(turn.text) ?? (turn.role && record.session_id ? names.get(record.session_id)?.[turn.role] ?? null : null);
}

// A name that is the start of another ("mel", "melanie") is the same person's, from this many letters on.
export const NICKNAME_LETTERS = 3;
const samePerson = (a: string, b: string) => a === b || (Math.min(a.length, b.length) >= NICKNAME_LETTERS && (a.startsWith(b) || b.startsWith(a)));

/**
 * Two people talking take either side from one session to the next: where the sessions name exactly two people, a
 * session whose turns name only one side ("Thanks, Caroline!" and nothing back) has the other person on its other
 * side. Each is called by the longest name the sessions give them.
 */
function completeSides(names: Map<string, { user?: string; assistant?: string }>): void {
  const people: string[] = [];
  for (const sides of names.values()) {
    for (const name of [sides.user, sides.assistant]) {
      if (name === undefined) continue;
      const known = people.findIndex((person) => samePerson(person, name));
      if (known < 0) people.push(name);
      else if (name.length > people[known]!.length) people[known] = name;
    }
  }
  if (people.length !== 2) return;
  const other = (name: string) => people.find((person) => !samePerson(person, name));
  for (const sides of names.values()) {
    if (sides.user !== undefined && sides.assistant === undefined) sides.assistant = other(sides.user);
    else if (sides.assistant !== undefined && sides.user === undefined) sides.user = other(sides.assistant);
  }
}
