import { describe, expect, it } from 'vitest';
import { answerabilitySignals, assess, speakerTerms, weighTerms } from '../src/index.js';
import { inferSpeakers, speakerOf } from '../src/speaker.js';

// Two people talking without "Name: " labels, a round per exchange, as a platform posts them.
const round = (session_id: string, user: string, assistant: string, user_similarity: number | null = null, reply_similarity: number | null = null) =>
  ({ session_id, content: `${user}\n${assistant}`, user_text: user, assistant_text: assistant, user_similarity, reply_similarity });

describe('a speaker label', () => {
  it('is a name of one to three capitalised words before a colon', () => {
    expect(['Caroline: Hey Mel!', 'Dr. Ruiz: Take two a day.', 'Mary Ann Lee: hi'].map(speakerOf)).toEqual(['caroline', 'dr. ruiz', 'mary ann lee']);
  });

  it('is not the opening of a reply that leads with a colon', () => {
    const openings = ["Here's one: a day on Venus is longer than its year.", 'Another one: Who painted it?', 'For Sydney: go in March.', 'A few ideas: soup.', 'June to September: the dry season.'];
    expect(openings.map(speakerOf)).toEqual([null, null, null, null, null]);
  });
});

describe('speakers read from how the two sides address each other', () => {
  const greeting = round('s1', 'Hey Mel! How was your weekend?', 'Hi Caroline! Great, thanks.');
  const painting = round('s1', 'Did you finish anything new?', 'Yes, I painted a sunrise over the lake.');
  // The next session starts from the other side: Melanie posts first.
  const flipped = round('s2', 'Thanks, Caroline! That means a lot.', 'Anytime, Mel.');
  const who = inferSpeakers([greeting, painting, flipped]);
  const sideOf = (record: typeof greeting, role: 'user' | 'assistant') => who(record, { role, text: role === 'user' ? record.user_text : record.assistant_text });

  it('names each side of a session by what the other side calls it, session by session', () => {
    expect([sideOf(painting, 'user'), sideOf(painting, 'assistant')]).toEqual(['caroline', 'mel']);
    expect([sideOf(flipped, 'user'), sideOf(flipped, 'assistant')]).toEqual(['mel', 'caroline']);
  });

  it('gives a session that names one side only the other of the two people talking, and no one when three are named', () => {
    const oneSided = round('s6', 'Thanks, Caroline! Loved the photos.', 'Glad you liked them.');
    const twoPeople = inferSpeakers([greeting, painting, flipped, oneSided]);
    expect([twoPeople(oneSided, { role: 'user', text: oneSided.user_text }), twoPeople(oneSided, { role: 'assistant', text: oneSided.assistant_text })]).toEqual(['mel', 'caroline']);
    const third = round('s7', 'Hi Jon! Long time.', 'It has been.');
    const threePeople = inferSpeakers([greeting, painting, flipped, oneSided, third]);
    expect(threePeople(oneSided, { role: 'user', text: oneSided.user_text })).toBeNull();
  });

  it('does not take a place and its region for the one spoken to', () => {
    const moved = round('s5', 'We finally moved to Austin, Texas. Boxes everywhere!', 'Congrats, Sam! Unpack the kitchen first.');
    const guess = inferSpeakers([moved]);
    expect(guess(moved, { role: 'assistant', text: moved.assistant_text })).toBeNull();
    expect(guess(moved, { role: 'user', text: moved.user_text })).toBe('sam');
  });

  it('names no one where a session calls out no name, or two names as often', () => {
    const quiet = round('s3', 'what a day', 'Rest up.');
    const torn = round('s4', 'Hi Anna! Hi Ben!', 'Hello.');
    const guess = inferSpeakers([quiet, torn]);
    expect(guess(quiet, { role: 'user', text: quiet.user_text })).toBeNull();
    expect(guess(torn, { role: 'assistant', text: torn.assistant_text })).toBeNull();
  });

  it('lets a label say who speaks first', () => {
    const labelled = round('s1', 'Jon: Hey Gina!', 'Gina: Hi Jon!');
    expect(inferSpeakers([labelled])(labelled, { role: 'user', text: labelled.user_text })).toBe('jon');
  });

  it("counts a turn for a named speaker by its own words and name, ranks by every turn, and flags by the named speaker's", () => {
    const query = 'What did Caroline paint?';
    const terms = weighTerms([{ lexeme: 'carolin', df: 3, idf: 0.5 }, { lexeme: 'paint', df: 1, idf: 3 }], query);
    const speakers = speakerTerms([greeting, painting], terms, who);
    expect(speakers.map((t) => t.lexeme)).toEqual(['carolin']);
    const evidence = assess(painting, terms, speakers, who);
    // Melanie painted: the record ranks as stating the painting (3 of the query's weight of 4: a name weighs at least
    // 1), but Caroline's turns state only her name.
    expect(evidence.coverage).toBe(0.75);
    expect(evidence.named?.coverage).toBe(0.25);
    expect(answerabilitySignals([{ evidence }], terms).speaker_gap).toBe(0.5);
    // Asked of Melanie (called "Mel" by Caroline), her turn states the painting and her name.
    const ofMelanie = weighTerms([{ lexeme: 'melani', df: 0, idf: 0.5 }, { lexeme: 'paint', df: 1, idf: 3 }], 'What did Melanie paint?');
    const hers = assess(painting, ofMelanie, speakerTerms([greeting, painting], ofMelanie, who), who);
    expect(hers.named?.coverage ?? hers.coverage).toBe(1);
  });
});
