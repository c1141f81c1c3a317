import type { Candidate } from '@memctx/read-models';
import { describe, expect, it } from 'vitest';
import { assess, composeSip, excerpt, excerptTurn, speakerTerms, weighTerms, type WeightedTerm } from '../src/index.js';

// Stems as PostgreSQL's English configuration gives them, with idf as retrieval computes it over a scope.
const terms = (...pairs: [string, number][]): WeightedTerm[] => weighTerms(pairs.map(([lexeme, idf]) => ({ lexeme, df: 1, idf })));
const round = (user: string, assistant: string, user_similarity: number | null = null, reply_similarity: number | null = null) =>
  ({ content: `User: ${user}\nAssistant: ${assistant}`, user_text: user, assistant_text: assistant, user_similarity, reply_similarity });
const coverage = (record: ReturnType<typeof round>, t: WeightedTerm[]) => assess(record, t, speakerTerms([record], t)).coverage;

describe('coverage: how much of the query one turn states', () => {
  const melaniePaint = terms(['melani', 0.01], ['paint', 3]);
  const exchange = round(
    'Caroline: I went to the LGBTQ support group yesterday and it was so powerful.',
    'Melanie: Wow, that sounds great. I painted a sunrise over the lake last week.',
  );

  it('is whole when the named person says the asked-about thing', () => {
    expect(coverage(exchange, melaniePaint)).toBe(1);
  });

  it("reads what the named speakers say apart, while every turn ranks the record", () => {
    const carolinePaint = terms(['carolin', 0.01], ['paint', 3]);
    const evidence = assess(exchange, carolinePaint, speakerTerms([exchange], carolinePaint));
    // The painting is Melanie's: Caroline's turns state only her name...
    expect(evidence.named?.coverage).toBeLessThan(0.3);
    // ...while the record still ranks as stating the painting, as it does for a query naming no one.
    expect(evidence.coverage).toBeCloseTo(0.75);
    expect(coverage(exchange, terms(['paint', 3]))).toBe(1);
    expect(assess(exchange, melaniePaint, speakerTerms([exchange], melaniePaint)).named?.coverage).toBe(1);
  });

  it("does not take what a named speaker asks about for what they say of themselves, unless they say it too", () => {
    const jonStore = terms(['jon', 0.01], ['store', 3]);
    const asked = round('Jon: Hey Gina! How is the store going? I gotta tell you about my week.', "Gina: Hey Jon! The store's doing great!");
    // Jon only asks about Gina's store: his turns state his name alone, though the record ranks as stating the store.
    expect(assess(asked, jonStore, speakerTerms([asked], jonStore)).named?.coverage).toBeLessThan(0.3);
    expect(assess(asked, jonStore, speakerTerms([asked], jonStore)).coverage).toBe(1);
    // Asked at a statement's end, or asked back after saying it, the store is his.
    const toldAndAsked = round('Jon: I opened a store last week. How is yours?', 'Gina: Great, congrats!');
    expect(assess(toldAndAsked, jonStore, speakerTerms([toldAndAsked], jonStore)).named?.coverage).toBe(1);
    const askedAtTheEnd = round('Jon: The store finally turned a profit, can you believe it?', 'Gina: Wow!');
    expect(assess(askedAtTheEnd, jonStore, speakerTerms([askedAtTheEnd], jonStore)).named?.coverage).toBe(1);
  });

  it('reads what a named speaker asks as theirs when the query asks what they asked', () => {
    const askedAboutStore = terms(['jon', 0.01], ['ask', 2], ['store', 3]);
    const asked = round('Jon: Hey Gina! How is the store going?', "Gina: The store's doing great!");
    expect(assess(asked, askedAboutStore, speakerTerms([asked], askedAboutStore)).named?.coverage).toBeCloseTo(4 / 6);
  });

  it('does not take what a named speaker says of the one spoken to for what they say of themselves', () => {
    const jonStore = terms(['jon', 0.01], ['store', 3]);
    const praised = round('Jon: Wow, Gina! Your store looks great.', 'Gina: Thanks, Jon!');
    expect(assess(praised, jonStore, speakerTerms([praised], jonStore)).named?.coverage).toBeLessThan(0.3);
    const ours = round('Jon: You should see our store, Gina!', 'Gina: I will!');
    expect(assess(ours, jonStore, speakerTerms([ours], jonStore)).named?.coverage).toBe(1);
  });

  it("does not take a named speaker's reaction to the other's news for their own, unless the query asks what they said", () => {
    const jonWorkshop = terms(['jon', 0.01], ['workshop', 3]);
    const named = (user: string) => {
      const record = round(user, 'Gina: Thanks, Jon!');
      return assess(record, jonWorkshop, speakerTerms([record], jonWorkshop)).named?.coverage;
    };
    for (const reaction of [
      'Jon: Wow, what made you pick that workshop?',
      'Jon: That workshop sounds cool.',
      'Jon: Love the workshop flyer, any special meaning to it?',
      'Jon: Congrats on the workshop!',
      'Jon: I bet you never thought you would run a workshop!',
      'Jon: I remember you saying the workshop was full.',
      'Jon: That workshop must have been hard.',
    ]) expect(named(reaction), reaction).toBeLessThan(0.3);
    // Said of himself, what he goes on to say counts.
    expect(named('Jon: I signed up for a workshop. It sounds cool!')).toBe(1);
    const saidOfWorkshop = terms(['jon', 0.01], ['say', 2], ['workshop', 3]);
    const reacted = round('Jon: That workshop sounds cool.', 'Gina: Thanks, Jon!');
    expect(assess(reacted, saidOfWorkshop, speakerTerms([reacted], saidOfWorkshop)).named?.coverage).toBeCloseTo(4 / 6);
  });

  it('takes similarity from every turn: the other side often speaks of the one named', () => {
    const embedded = round('Caroline: I went to the support group.', 'Melanie: I painted a sunrise.', 0.6, 0.9);
    expect(assess(embedded, terms(['carolin', 0.01], ['paint', 3]), terms(['carolin', 0.01])).similarity).toBe(0.9);
  });

  it('reads a word as a form of a term only when it has that stem, as full-text search does', () => {
    const car = round('My career is going well and I love my cart.', 'Glad to hear it.');
    expect(coverage(car, terms(['car', 4]))).toBe(0);
    const cars = round('Both of our cars need new tyres.', 'Winter ones?');
    expect(coverage(cars, terms(['car', 4]))).toBe(1);
    // Porter2 turns a final y into i and drops a final e: "studies" and "hoping" are forms of "studi" and "hope".
    expect(coverage(round('She studies French.', 'Nice.'), terms(['studi', 4]))).toBe(1);
    expect(coverage(round('I was hoping for sun.', 'Same.'), terms(['hope', 4]))).toBe(1);
  });

  it('takes no word for a term no record in scope holds', () => {
    const unheld = weighTerms([{ lexeme: 'star', df: 0, idf: 6 }, { lexeme: 'sign', df: 3, idf: 2 }]);
    // Without the df, "star" would be read in "star" itself; a scope that holds it nowhere cannot have this turn.
    expect(coverage(round('The star sign thing again.', 'Yes.'), unheld)).toBeCloseTo(2 / 8);
  });

  it("weighs a word that frames the question as little as a common one, and lets it select nothing", () => {
    // "What is my husband's name?" in a scope that never mentions a husband, where "name" is as rare as "husband" might be.
    const husbandName = weighTerms([{ lexeme: 'husband', df: 0, idf: 7 }, { lexeme: 'name', df: 4, idf: 6 }]);
    const named = round('What a name for a boat: the Salty Dog!', 'Ha, love it.');
    expect(coverage(named, husbandName)).toBeCloseTo(1 / 8);
    expect(assess(named, husbandName).selectiveCoverage).toBe(0);
    // The sister is what the question asks about, so the turn that names her states it whole without the word "name".
    const sisterName = weighTerms([{ lexeme: 'sister', df: 2, idf: 5 }, { lexeme: 'name', df: 4, idf: 6 }]);
    expect(assess(round('my sister Jo is visiting this weekend', 'Fun!'), sisterName).selectiveCoverage).toBe(1);
  });

  describe("a question about the asker's own thing", () => {
    // "What is my blood type?": blood is the asker's own, "type" only frames the question.
    const bloodType = weighTerms([{ lexeme: 'blood', df: 2, idf: 5 }, { lexeme: 'type', df: 9, idf: 2 }], 'What is my blood type?');

    it('marks the word after "my" as owned, past the words that only qualify it', () => {
      expect(bloodType.filter((t) => t.owned).map((t) => t.lexeme)).toEqual(['blood']);
      const order = weighTerms([{ lexeme: 'coffe', df: 2, idf: 5 }, { lexeme: 'order', df: 2, idf: 5 }], "What's my usual coffee order?");
      expect(order.filter((t) => t.owned).map((t) => t.lexeme)).toEqual(['coffe']);
      expect(weighTerms([{ lexeme: 'show', df: 2, idf: 5 }], 'When is the show?').some((t) => t.owned)).toBe(false);
      // Asked of the asker: "Which bank do I use?", but not advice ("What beer should I order?").
      const owns = (lexeme: string, query: string) => weighTerms([{ lexeme, df: 2, idf: 5 }], query).some((t) => t.owned);
      expect([owns('bank', 'Which bank do I use?'), owns('citi', 'Which two cities did I visit?'), owns('music', 'What kind of music do I like?')]).toEqual([true, true, true]);
      expect(owns('beer', 'What beer should I order?')).toBe(false);
      // A name is specific enough wherever it is said; a team's "our roadmap" is named of no one in its notes.
      expect(weighTerms([{ lexeme: 'turf', df: 2, idf: 5 }], 'When is my Turf Club show?').some((t) => t.owned)).toBe(false);
      expect(weighTerms([{ lexeme: 'roadmap', df: 2, idf: 5 }], 'What is on our roadmap?').some((t) => t.owned)).toBe(false);
    });

    it('is not stated by a sentence that names it of no one', () => {
      const fact = round('ok I need a distraction for five minutes', "Here's one: octopuses have three hearts and blue blood. Want another?");
      expect(coverage(fact, bloodType)).toBe(0);
      expect(assess(fact, bloodType).selectiveCoverage).toBe(0);
    });

    it("is stated by a sentence that speaks of someone's own, the asker's or, in a reply, the listener's", () => {
      expect(coverage(round('my blood type is O negative, can I donate?', 'Yes, and O negative is in demand.'), bloodType)).toBe(1);
      expect(coverage(round('Can I donate this week?', 'With your blood type, O negative, they will be glad to see you.'), bloodType)).toBe(1);
    });

    it('is not stated by a hyphenated compound holding it', () => {
      const dogName = weighTerms([{ lexeme: 'dog', df: 2, idf: 5 }, { lexeme: 'name', df: 4, idf: 6 }], "What is my dog's name?");
      expect(coverage(round('My copy of Jane Eyre is so dog-eared it is falling apart', 'Rebind it.'), dogName)).toBe(0);
      expect(coverage(round('My dog Biscuit ate a sock.', 'Call the vet.'), dogName)).toBeCloseTo(5 / 6);
    });

    it('is stated by a document chunk that names it, a document being nobody\'s conversation', () => {
      const chunk = { content: 'Blood type is recorded at the first visit.', user_text: null, assistant_text: null, user_similarity: null, reply_similarity: null };
      expect(assess(chunk, bloodType).coverage).toBe(1);
    });

    it('counts the words that are not owned wherever they are said', () => {
      const typed = round('What type of pen should I buy?', 'A gel pen.');
      expect(coverage(typed, bloodType)).toBeCloseTo(1 / 6);
    });
  });

  it('is nothing for words the scope never holds', () => {
    expect(coverage(exchange, terms(['quantum', 6], ['chromodynam', 6]))).toBe(0);
  });

  it('reads a document chunk as one turn', () => {
    expect(assess({ content: 'Melanie painted the mural.', user_text: null, assistant_text: null, user_similarity: 0.7, reply_similarity: null }, melaniePaint))
      .toEqual({ coverage: 1, similarity: 0.7, selectiveCoverage: 1 });
  });
});

describe('excerpts: only what bears on the query', () => {
  const q = terms(['paint', 3], ['sunris', 4]);

  it('keeps the sentences naming a selective term (and the one after), the speaker label, and marks what it left out', () => {
    const turn = 'Melanie: Wow, that sounds great. My kids are fine. I painted a sunrise over the lake last week. It took me two days. We also went camping.';
    expect(excerptTurn(turn, q)).toBe('Melanie: … I painted a sunrise over the lake last week. It took me two days. …');
  });

  it('keeps the sentence before one that names the topic through a pronoun: that is where the thing itself is', () => {
    const turn = 'Thanks! I just finished "Becoming Nicole" by Amy Ellis Nutt. Highly recommend it. Anyway, how are the kids?';
    expect(excerptTurn(turn, terms(['recommend', 3]))).toBe('… I just finished "Becoming Nicole" by Amy Ellis Nutt. Highly recommend it. Anyway, how are the kids?');
    expect(excerptTurn('Thanks! I just finished a novel. I recommend Becoming Nicole. Anyway, how are the kids?', terms(['recommend', 3])))
      .toBe('… I recommend Becoming Nicole. Anyway, how are the kids?');
  });

  it('keeps the first sentence of a turn that names nothing, so a reply to the question asked survives', () => {
    expect(excerpt(round('Caroline: What did you paint last week? Tell me.', 'Melanie: A sunrise. It was lovely. The kids liked it.'), terms(['paint', 3])))
      .toBe('Caroline: What did you paint last week? Tell me. → Melanie: A sunrise. …');
  });

  it('past an opening greeting: the first sentence that says something stands for a turn that names nothing', () => {
    expect(excerpt(round('Hey Mel! I went to a support group yesterday. It was powerful.', 'Wow, Caroline! That sounds amazing. How did it go?'), terms(['paint', 3])))
      .toBe('… I went to a support group yesterday. … → … That sounds amazing. …');
  });

  it('given less room than its sentences take, keeps the one stating most of the query first, then what refers to it, then what follows', () => {
    const section = 'Meals already paid for are deducted from the per diem. Alcohol is never reimbursed. ' +
      'If you drive your own car, you are paid 67 cents per mile. That covers fuel and wear. Parking is refunded too.';
    const mileage = terms(['paid', 1], ['drive', 2], ['car', 2], ['mile', 3]);
    expect(excerptTurn(section, mileage)).toContain('Meals already paid for');
    expect(excerptTurn(section, mileage, undefined, 20)).toBe('… If you drive your own car, you are paid 67 cents per mile. …');
    expect(excerptTurn(section, mileage, undefined, 30)).toBe('… If you drive your own car, you are paid 67 cents per mile. That covers fuel and wear. …');
    // The sentence a pronoun refers back to comes before the sentence after.
    const career = "The plow truck's injector pump is on its way out. Thirty-one years fixing diesel engines for the county, you get an ear for it. Anyway, what's a good gift?";
    expect(excerptTurn(career, terms(['counti', 4]), undefined, 20)).toBe('… Thirty-one years fixing diesel engines for the county, you get an ear for it. …');
    // A sentence stating as much as the best but longer than the room left is cut to it (a code block runs to the next full stop).
    const nat = 'The cluster sits behind a NAT. You can specify NAT rules via the natMap option: ```js const rules = { natMap: { "10.0.1.230:30001": { host: "203.0.113.73", port: 30001 }, "10.0.1.231:30001": { host: "203.0.113.73", port: 30002 } } }; ``` and so on.';
    const cut = excerptTurn(nat, terms(['nat', 3], ['cluster', 2], ['option', 1]), undefined, 24);
    expect(cut).toMatch(/^The cluster sits behind a NAT\. You can specify NAT rules via the natMap option: .*…$/);
    expect(cut).not.toContain('and so on');
  });

  it('reads the words joined in a camel-case identifier as words too, and the whole as one', () => {
    const section = 'This feature prepends a string to all the keys in a command. Set the option when you create the client: new Redis({ keyPrefix: "foo:" }). Replies are not changed.';
    expect(excerptTurn(section, terms(['prefix', 3]))).toBe('… Set the option when you create the client: new Redis({ keyPrefix: "foo:" }). Replies are not changed.');
    expect(excerptTurn('We met at the game. LeBron scored forty. The crowd was loud.', terms(['lebron', 3]))).toBe('… LeBron scored forty. The crowd was loud.');
  });

  it('ends a sentence at a line break, so a list item or a heading is kept without the lines around it', () => {
    const chunk = '## Index options\n- lists: rows / 1000 for up to 1M rows\n- probes: start at 10\n\n## Filtering\nUse a partial index per condition';
    expect(excerptTurn(chunk, terms(['list', 3], ['row', 2]))).toBe('… - lists: rows / 1000 for up to 1M rows - probes: start at 10 …');
    expect(excerptTurn('Melanie:\nI painted a sunrise.\nThe kids are fine.\nWe went camping.', q)).toBe('Melanie: I painted a sunrise. The kids are fine. …');
  });

  it('keeps records whole when the query has no selective term', () => {
    const text = 'One. Two. Three.';
    expect(excerptTurn(text, terms(['melani', 0.01]))).toBe(text);
    expect(excerptTurn(text, [])).toBe(text);
  });
});

describe('near-duplicates', () => {
  let n = 0;
  const candidate = (content: string, day: number): Candidate => ({
    record_id: `r${++n}`, summary: content, content: `User: ${content}`, user_text: content, assistant_text: '', provenance: 'ROUND', record_type: 'FACTUAL', source_id: null, source_title: null, session_id: null,
    created_at: new Date(Date.UTC(2026, 10, day)), similarity: null, user_similarity: null, reply_similarity: null, text_match: true, text_score: 1, fused: 1 / (60 + n),
  });

  it('collapse into one line that cites the newest, so a small scope costs about what it replaces', () => {
    const given = [1, 2, 3, 4, 5, 6].map((day) => candidate(`I prefer tea over coffee, round ${day}`, day));
    const sip = composeSip(given.map((c) => ({ candidate: c, evidence: { coverage: 1, similarity: null }, score: c.fused })), { budgetTokens: 1500, maxRecordTokens: 160, hasQuery: true });
    expect(sip.citations).toHaveLength(1);
    expect(sip.citations[0]!.record_id).toBe(given[5]!.record_id);
    expect(sip.sip).toContain('said 6 times');
    expect(sip.sections.active_context[0]).toMatchObject({ repeats: 6 });
  });
});

describe('near-duplicates are judged by words, not numbers', () => {
  let n = 100;
  const candidate = (content: string): Candidate => ({
    record_id: `d${++n}`, summary: content, content: `User: ${content}`, user_text: content, assistant_text: '', provenance: 'ROUND', record_type: 'FACTUAL', source_id: null, source_title: null, session_id: null,
    created_at: new Date(Date.UTC(2026, 10, n - 100)), similarity: null, user_similarity: null, reply_similarity: null, text_match: true, text_score: 1, fused: 1 / n,
  });
  const compose = (contents: string[]) =>
    composeSip(contents.map((c) => candidate(c)).map((c) => ({ candidate: c, evidence: { coverage: 1, similarity: null }, score: c.fused })), { budgetTokens: 1500, maxRecordTokens: 160, hasQuery: true });

  it('keeps statements that differ in an id or a word apart', () => {
    expect(compose(['my locker code is KEPT3f2a9c', 'my locker code is GONE7b1e4d']).records_used).toBe(2);
    expect(compose(['I prefer tea over coffee', 'I prefer coffee over juice']).records_used).toBe(2);
  });

  it('reads a restatement with a new number as the same fact, showing the newest', () => {
    const sip = compose(['my locker code is 1234', 'my locker code is 5678']);
    expect(sip.records_used).toBe(1);
    expect(sip.sip).toContain('5678');
  });
});
