import type { Candidate } from '@memctx/read-models';
import { describe, expect, it } from 'vitest';
import { countTokens } from '@memctx/tokens';
import { ABSTAIN_NOTE, answerHint, composeSip, excerpt, excerptTurn, isSmallTalk, isSmallTalkLine, weighTerms, type Scored } from '../src/index.js';

let n = 0;
const round = (user: string, assistant: string, day: number, overrides: Partial<Candidate> = {}): Candidate => ({
  record_id: `q${++n}`, summary: user, content: `User: ${user}\nAssistant: ${assistant}`, user_text: user, assistant_text: assistant, provenance: 'ROUND',
  record_type: 'FACTUAL', source_id: null, source_title: null, session_id: `s${day}`, created_at: new Date(Date.UTC(2026, 0, day)),
  similarity: null, user_similarity: null, reply_similarity: null, text_match: true, text_score: 1, fused: 1 / (60 + n), ...overrides,
});
const scored = (candidate: Candidate, score: number, coverage = 1, similarity: number | null = null): Scored<Candidate> =>
  ({ candidate, evidence: { coverage, selectiveCoverage: coverage, similarity }, score });
const options = { budgetTokens: 1500, maxRecordTokens: 160, hasQuery: true };
const terms = (...pairs: [string, number][]) => weighTerms(pairs.map(([lexeme, idf]) => ({ lexeme, df: 1, idf })));

describe('what a SIP with a query leaves out', () => {
  it('never cites greetings, thanks and goodbyes, however well they rank', () => {
    const bye = round('Thanks for the kind words!', 'Gotta run, bye!', 3);
    const fact = round('My sister Ana lives in Porto.', 'Noted!', 2);
    expect(isSmallTalk(bye)).toBe(true);
    expect(isSmallTalk(fact)).toBe(false);
    // Acknowledgements and sign-offs as chat writes them.
    for (const [user, reply] of [['makes sense, thanks', 'My pleasure!'], ["that's exactly what I needed", 'Glad it helped. Talk soon!'], ['ok, signing off', 'Anytime!'], ['thx, brb', 'Sure!']]) {
      expect(isSmallTalk(round(user!, reply!, 3))).toBe(true);
    }
    expect(isSmallTalk(round('I got the job!', 'Congratulations!', 3))).toBe(false);
    const sip = composeSip([scored(bye, 1), scored(fact, 0.9)], options);
    expect(sip.record_ids).toEqual([fact.record_id]);
    expect(sip.sip).not.toContain('Gotta run');
  });

  it('never cites a record cut down to its greeting: found by meaning, its excerpt would say nothing', () => {
    // Past the whole best lines, a record sharing no query word is cut to its opening sentences.
    const fact = round('I adopted a greyhound called Luna. She sleeps all day.', 'Lovely name!', 1);
    const filler = round('hello!', 'Hi! Fire away. I can help with plans, recipes and more.', 2);
    const strong = [1, 2, 3].map((i) => round(`My greyhound Luna ${['ate a sock', 'chased a cat', 'met a puppy'][i - 1]}.`, 'Oh no!', 10 + i));
    const sip = composeSip([...strong, fact].map((c) => scored(c, 1)).concat(scored(filler, 0.9, 0, 0.7)), { ...options, terms: terms(['greyhound', 5]) });
    expect(sip.record_ids).toContain(fact.record_id);
    expect(sip.record_ids).not.toContain(filler.record_id);
    expect(isSmallTalkLine('Caroline: hello! → Melanie: Hi! …')).toBe(true);
    expect(isSmallTalkLine('hiya → … Ready when you are.')).toBe(true);
    // Drawn out as chat writes it.
    expect(isSmallTalkLine("heyyy → Hey! Good to see you. What's up?")).toBe(true);
    expect(isSmallTalkLine('thanksss!! → Anytime!')).toBe(true);
    expect(isSmallTalkLine('sooo I passed my driving test → Congratulations!')).toBe(false);
    expect(isSmallTalkLine('Hey Mel! → Hey Caroline! I went camping with my kids last week.')).toBe(false);
    expect(isSmallTalkLine('What did you paint? → A sunrise.')).toBe(false);
  });

  it('drops records far weaker than the best, so the budget goes to evidence', () => {
    const best = round('I adopted a greyhound called Luna.', 'Lovely name!', 1);
    const weak = round('Can you suggest a pasta recipe for tonight?', 'Try cacio e pepe with pecorino.', 2);
    const sip = composeSip([scored(best, 1), scored(weak, 0.05, 0)], options);
    expect(sip.record_ids).toEqual([best.record_id]);
  });

  it('shows a turn naming no query word from its first sentence that says something, and drops a cut line that still says too little', () => {
    const burlington = 'Big day. Mike and the family got the keys to their house in Burlington, so they are close now. Ideas for a gift?';
    expect(excerptTurn(burlington, terms(['granddaught', 5]))).toBe('… Mike and the family got the keys to their house in Burlington, so they are close now. …');
    const best = [1, 2, 3].map((i) => round(`My granddaughter Ellie ${['drew a bird', 'lost a tooth', 'turned six'][i - 1]}.`, 'Lovely!', 10 + i));
    const filler = round('Okay, new topic. Soup?', 'How about a soup? It is cheap.', 5);
    const vegan = round("I'm vegan now.", 'Noted!', 4);
    const sip = composeSip([...best, filler, vegan].map((c) => scored(c, 1)), { ...options, terms: terms(['granddaught', 5]) });
    expect(sip.record_ids).toContain(vegan.record_id);
    expect(sip.record_ids).not.toContain(filler.record_id);
  });

  it('drops a record holding no word of the query whose vector is far from it, however recent', () => {
    const cat = round('Why do cats purr?', 'Nobody is fully sure, but it starts in the larynx.', 1);
    const flour = round('How many grams is 3 cups of all-purpose flour?', 'About 375 grams.', 2);
    const budget = round('Any tips for sticking to a monthly budget?', 'Track every expense for a month first.', 3);
    const sip = composeSip([scored(cat, 1, 0.5, 0.5), scored(flour, 0.9, 0, 0.05), scored(budget, 0.8, 0, 0.2)], { ...options, terms: terms(['cat', 5]) });
    expect(sip.record_ids).toEqual([budget.record_id, cat.record_id]);
  });

  it('when memory does not answer, shows at most two closest records, briefly, under a note that says so', () => {
    const topics = ['garden', 'tomatoes', 'bicycle', 'violin', 'kayak', 'sourdough', 'chess', 'telescope', 'knitting', 'marathon', 'aquarium', 'origami'];
    const given = topics.map((topic, i) => round(`We talked about my ${topic} plans again today. `.repeat(6), `${topic}!`, i + 1));
    const sip = composeSip(given.map((c, i) => scored(c, 1 - i / 100, 0.3)), { ...options, abstain: true });
    expect(sip.records_used).toBe(2);
    expect(sip.sip).toContain(ABSTAIN_NOTE);
    expect(sip.tokens_sip).toBeLessThanOrEqual(150);
  });

  it('when memory does not answer and nothing is close, still says so, in a line, for a client that pastes the SIP unread', () => {
    // Found by recency alone: no word of the query, no vector.
    const recent = [1, 2, 3].map((i) => round(`How do I reverse a list in Python, take ${i}?`, 'Use my_list[::-1].', i));
    const sip = composeSip(recent.map((c, i) => scored(c, 1 - i / 10, 0, null)), { ...options, abstain: true });
    expect(sip.records_used).toBe(0);
    expect(sip.citations).toEqual([]);
    expect(sip.sip).toBe(`Memory context. ${ABSTAIN_NOTE}`);
    expect(sip.sip).not.toContain('closest');
    expect(composeSip([], { ...options, abstain: true }).sip).toBe(`Memory context. ${ABSTAIN_NOTE}`);
    expect(composeSip([], options).sip).toBe('');
  });
});

describe('a recap ("What did we talk about yesterday?")', () => {
  const hello = round('good morning', 'Hello! What are we working on?', 5);
  const brb = round('morning :)', 'Hey! Ready when you are.', 5);
  const tooth = round('Nora lost her first tooth at dinner tonight!', 'What a milestone! Did the tooth fairy visit?', 5);
  const recap = { ...options, hasQuery: false, recap: true };

  it('lists what was said then, without greetings and small talk', () => {
    const sip = composeSip([scored(hello, 1, 0), scored(tooth, 1, 0), scored(brb, 1, 0)], recap);
    expect(sip.record_ids).toEqual([tooth.record_id]);
  });

  it('leaves recent memory without a query as it is: there is no query the greetings fail to bear on', () => {
    const sip = composeSip([scored(hello, 1, 0), scored(tooth, 1, 0), scored(brb, 1, 0)], { ...recap, recap: false });
    expect(sip.record_ids).toHaveLength(3);
  });
});

describe('the newest fact first', () => {
  it('renders newest first and marks a statement a later change replaces, in the text and the section item', () => {
    const porto = round('We live in Porto, near the river.', 'Porto is beautiful.', 40);
    const lisbon = round('We finally moved: we live in Lisbon now.', 'Congratulations on the move!', 190);
    const sip = composeSip([scored(porto, 1), scored(lisbon, 0.9)], options);
    expect(sip.sip.indexOf('Lisbon')).toBeLessThan(sip.sip.indexOf('Porto,'));
    expect(sip.sip).toContain('[2] (superseded by [1]) We live in Porto');
    expect(sip.sections.active_context[1]).toMatchObject({ record_id: porto.record_id, superseded_by: 1 });
    expect(sip.sections.active_context[0]).not.toHaveProperty('superseded_by');
  });

  it('marks nothing when the later statement does not word a change, or was said the same day', () => {
    const dog = round('I have a dog named Rex.', 'Cute!', 10);
    const cat = round('I also have a cat named Mia.', 'Two pets!', 50);
    expect(composeSip([scored(dog, 1), scored(cat, 0.9)], options).sip).not.toContain('superseded');
    const morning = round('I work at Acme.', 'Nice.', 10);
    const evening = round('I work at Globex now.', 'Oh!', 10, { created_at: new Date(Date.UTC(2026, 0, 10, 20)) });
    expect(composeSip([scored(morning, 1), scored(evening, 0.9)], options).sip).not.toContain('superseded');
  });

  it('marks nothing for chat that words no replacement: "any more", "it changed my life", "instead of giving up"', () => {
    const older = round('I started painting landscapes this spring.', 'Lovely!', 10);
    for (const newer of ['Any more painting plans? I might paint the lake.', 'Painting changed my life, honestly.', 'Instead of giving up on painting, I joined a class.']) {
      expect(composeSip([scored(older, 1), scored(round(newer, 'Nice!', 60), 0.9)], options).sip).not.toContain('superseded');
    }
  });

  it('marks nothing when the sentence that words a change is about something else', () => {
    const icecream = round('I made my friend some ice cream and she loved it.', 'Yum!', 10);
    const tournament = round('My game tournament got pushed back, so I tried out some cooking. Look at this homemade coconut ice cream!', 'Looks great!', 40);
    expect(composeSip([scored(icecream, 1, 1, 0.6), scored(tournament, 0.9, 1, 0.55)], options).sip).not.toContain('superseded');
    // A labelled transcript's speaker name heads both turns: it is not what they share.
    const won = round('Nate: I won my first chess match last week!', 'Joanna: Congrats!', 10);
    const moved = round('Nate: Big news, the bake sale got pushed back to June.', 'Joanna: Oh no!', 40);
    expect(composeSip([scored(won, 1, 1, 0.6), scored(moved, 0.9, 1, 0.55)], options).sip).not.toContain('superseded');
  });

  it('judges only the lines that answer the query best: a change found far down the ranking replaces nothing', () => {
    const porto = round('We live in Porto, near the river.', 'Porto is beautiful.', 40);
    const others = ['The river walk in Porto was lovely.', 'Our Porto flat has a view of the bridge.', 'Porto markets sell great fish.'].map((text, i) => round(text, 'Sounds nice.', 100 + i));
    const lisbon = round('We finally moved: we live in Lisbon now.', 'Congratulations on the move!', 190);
    const given = [scored(porto, 1, 1, 0.7), ...others.map((c) => scored(c, 0.9, 1, 0.65)), scored(lisbon, 0.5, 1, 0.3)];
    expect(composeSip(given, options).sip).not.toContain('superseded');
    const closer = [scored(porto, 1, 1, 0.7), ...others.map((c) => scored(c, 0.9, 1, 0.4)), scored(lisbon, 0.5, 1, 0.6)];
    expect(composeSip(closer, options).sip).toMatch(/\(superseded by \[1\]\) We live in Porto/);
  });
});

describe('the answer kept in the excerpt', () => {
  it('shows the best records whole, so an answer that shares no word with the question survives', () => {
    const pottery = 'I signed up for the pottery course. It meets on Tuesdays. The teacher is Mrs Okafor. She trained in Kyoto.';
    const sip = composeSip([scored(round(pottery, 'Great!', 1), 1)], { ...options, terms: terms(['potteri', 5]) });
    expect(sip.sip).toContain('She trained in Kyoto.');
  });

  it('cuts a document chunk to what bears on the query even when it ranks first: a whole section would take the budget', () => {
    const section = 'Welcome to the office. The building opens at 7:00. A replacement badge costs $15, taken from your next pay. ' +
      'Visitors sign in at reception. The kitchen is on the second floor.';
    const chunk = round(section, '', 1, { user_text: null, assistant_text: null, content: section, provenance: 'DOCUMENT_VERIFIED', source_id: 'src-1', source_title: 'Office guide' });
    const badge = terms(['badg', 5]);
    const sip = composeSip([scored(chunk, 1)], { ...options, terms: badge }).sip;
    expect(sip).toContain('A replacement badge costs $15');
    expect(sip).not.toContain('The kitchen is on the second floor.');
    // The same text said in a round is shown whole.
    expect(composeSip([scored(round(section, 'Noted.', 1), 1)], { ...options, terms: badge }).sip).toContain('The kitchen is on the second floor.');
  });

  it('keeps the sentences holding what the question asks for: a date for "when", a number for "how many"', () => {
    const text = 'We went hiking again in the hills above town. The weather was perfect. We started the climb on 3 May. The view was great.';
    const hiking = terms(['hike', 5]);
    expect(excerptTurn(text, hiking)).not.toContain('3 May');
    expect(excerptTurn(text, hiking, answerHint('When did we start the climb?'))).toContain('We started the climb on 3 May.');
    expect(answerHint('How many kids do I have?')!('We have three kids.')).toBe(true);
    expect(answerHint('What is my favourite colour?')).toBeUndefined();
    // "names" asks for names as "name" does.
    expect(answerHint("What are my pets' names?")!('Luna and Oliver!')).toBe(true);
    // A thing known by its name: "What book…" is answered by a title.
    const book = terms(['recommend', 5]);
    const said = 'I loved "Becoming Nicole" by Amy Ellis Nutt. It is a true story. Highly recommend it for sure!';
    expect(excerptTurn(said, book, answerHint('What book did Caroline recommend?'))).toContain('Becoming Nicole');
    expect(excerptTurn(said, book)).not.toContain('Becoming Nicole');
    expect(answerHint('Which cities has Jon visited?')!('Took a short trip to Rome.')).toBe(true);
    expect(answerHint('In which country did she grow up?')!('She grew up in Sweden.')).toBe(true);
    expect(answerHint('What kind of pizza does he like?')).toBeUndefined();
  });

  it("keeps, in a user's turn that names no query word, the sentence naming something beside its opening", () => {
    const said = "date night tomorrow and I get to pick the restaurant. honestly nothing beats Ethiopian for me, I'd eat injera every day. how do I make it special?";
    const cuisine = terms(['cuisin', 5], ['favourit', 3]);
    const mine = excerptTurn(said, cuisine, undefined, Infinity, { userSide: true });
    expect(mine).toContain('date night tomorrow and I get to pick the restaurant.');
    expect(mine).toContain('nothing beats Ethiopian');
    expect(mine).not.toContain('how do I make it special?');
    // An assistant's reply keeps its opening alone: it names things in passing.
    expect(excerptTurn(said, cuisine)).not.toContain('Ethiopian');
    // A turn holding a query word is cut to what bears on the query, as any turn is.
    const special = terms(['special', 5]);
    expect(excerptTurn(said, special, undefined, Infinity, { userSide: true })).toBe(excerptTurn(said, special));
    expect(excerptTurn(said, special)).not.toContain('date night');
    // Through a round: the user's side is read so, the reply is not.
    const line = excerpt(round(said, 'Book a table for the two of you early. Then try the Gursha tradition with Abebe.', 1), cuisine);
    expect(line).toContain('nothing beats Ethiopian');
    expect(line).not.toContain('Gursha');
  });

  it('keeps a sentence holding a compound that begins with a query word', () => {
    const camping = terms(['camp', 5], ['famili', 2]);
    const said = 'It was an awesome time! We explored nature and roasted marshmallows around the campfire. The view was amazing. It was so special having these moments as a family.';
    expect(excerptTurn(said, camping)).toContain('roasted marshmallows around the campfire');
    expect(excerptTurn(said, terms(['famili', 2]))).not.toContain('campfire');
  });

  it('does not take a greeting that names the person asked about for the sentence about them', () => {
    const said = "Sure thing, Tim! Got your back. I hope so too. The doctor said it's not too serious.";
    expect(excerptTurn(said, terms(['tim', 4], ['injuri', 5]))).toBe("… The doctor said it's not too serious.");
  });

  it('keeps the opening of a reply to a question, which answers it in words the query need not share', () => {
    const pizza = terms(['pizza', 5], ['favorit', 4]);
    const reply = 'Pepperoni with fresh basil, of course! We go every week to the place on Elm Street. They bake it in a wood oven.';
    expect(excerpt({ content: '', user_text: 'I love pizza too! Which one do you love the most?', assistant_text: reply }, pizza))
      .toBe('I love pizza too! Which one do you love the most? → Pepperoni with fresh basil, of course! We go every week to the place on Elm Street. …');
    // A turn that asked nothing, or nothing its excerpt keeps, gets the reply's first sentence that says something.
    expect(excerpt({ content: '', user_text: 'I love pizza too.', assistant_text: reply }, pizza))
      .toBe('I love pizza too. → … We go every week to the place on Elm Street. …');
    expect(excerpt({ content: '', user_text: 'How was your weekend? I love pizza too.', assistant_text: reply }, pizza))
      .toBe('… I love pizza too. → … We go every week to the place on Elm Street. …');
    // Past a greeting.
    expect(excerptTurn('Thanks, John! Pepperoni, always. We go there every week, to the place on Elm Street.', pizza, undefined, Infinity, { repliesToQuestion: true }))
      .toBe('… Pepperoni, always. We go there every week, to the place on Elm Street.');
  });

  it('shares a line between its turns: a long question leaves its reply, which holds the answer, its room', () => {
    const trip = terms(['itali', 5], ['book', 3]);
    const question = `${'Italy is on my list and I keep reading about Italy in every travel book I find. '.repeat(8)}How was your trip there?`;
    const line = excerpt({ content: '', user_text: question, assistant_text: 'Italy was awesome! I even got a cookbook there and it inspires my cooking.' }, trip, undefined, 60);
    expect(line).toContain('→ Italy was awesome! I even got a cookbook there');
    expect(countTokens(line)).toBeLessThanOrEqual(60);
    // The best records are whole when they fit and cut to what bears on the query when they do not, never blindly.
    const long = round(`${'We talked about the weather and the traffic for a long while. '.repeat(20)}The Tokyo trip is booked for May.`, 'Enjoy!', 1);
    expect(composeSip([scored(long, 1)], { ...options, terms: terms(['tokyo', 5]) }).sip).toContain('The Tokyo trip is booked for May.');
  });
});
