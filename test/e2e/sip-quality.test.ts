import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countTokens } from '@memctx/tokens';
import { embeddingsCaughtUp, startTestServer, type Client, type TestServer } from './server.js';

/*
 * What a client sees of SIP quality over HTTP, asking right after posting (no
 * wait for embeddings, but where the flags are asserted over a conversation:
 * asked while only some of its rounds are embedded, they would depend on
 * timing): grounded when a cited record holds the answer (in the reply, not
 * only the user side), abstain for what was never said, dates as the client
 * sent them and "yesterday" as the day it names, and near-duplicates collapsed
 * so a small scope costs about what it replaces.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const ingest = (client: Client, body: Record<string, unknown>) => client.call('POST', '/api/v1/memory/ingest', body);
const build = (client: Client, body: Record<string, unknown>) => client.call('POST', '/api/v1/sip/build', body);

/** A round as [user message, assistant message], and its session when not the talk's one. */
type Round = readonly [string, string, string?];

/** Posts a talk's rounds in order; answers the first round's id. */
async function postTalk(user: Client, rounds: readonly Round[], first: Record<string, unknown> = {}): Promise<string> {
  const ids: string[] = [];
  for (const [i, [user_message, assistant_message, session_id = 'lake']] of rounds.entries()) {
    const posted = await ingest(user, { session_id, user_message, assistant_message, ...(i === 0 ? first : {}) });
    expect(posted.status).toBe(200);
    ids.push(posted.body.round_id);
  }
  return ids[0]!;
}

/** A new user's talk, posted and embedded (flags read similarity once rounds are embedded), and its first round's id. */
async function embeddedTalk(name: string, rounds: readonly Round[]): Promise<{ user: Client; roundId: string }> {
  const user = await server.newUser(name);
  const roundId = await postTalk(user, rounds);
  await embeddingsCaughtUp(server.url);
  return { user, roundId };
}

describe('grounded and abstain from the evidence cited', () => {
  let user: Client;
  let roundId: string;

  beforeAll(async () => {
    user = await server.newUser('melanie');
    roundId = await postTalk(user, [
      ['Caroline: I went to the LGBTQ support group yesterday and it was so powerful.', 'Melanie: Wow, that sounds great. I painted a sunrise over the lake last week.'],
      ['Caroline: My cat knocked over a plant this morning.', 'Melanie: Cats are like that. Mine sleeps all day.'],
      ['Caroline: I am reading a book about the history of tea.', 'Melanie: Sounds interesting, tell me more about it.'],
    ], { timestamp: '1:56 pm on 8 May, 2023' });
    // Asked while only some rounds are embedded, the flags would read a similarity gap among those few.
    await embeddingsCaughtUp(server.url);
  });

  it('grounds the answer that sits in the reply, citing that round', async () => {
    const { status, body } = await build(user, { query: 'What did Melanie paint?' });
    expect(status).toBe(200);
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(roundId);
    expect(body.sip).toContain('I painted a sunrise over the lake');
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });

  it('writes out the day a relative date names, from when the round was said', async () => {
    const { body } = await build(user, { query: 'When did Caroline go to the LGBTQ support group?' });
    expect(body.sip).toContain('the LGBTQ support group yesterday (7 May 2023)');
  });

  it('abstains on a question about something never said', async () => {
    const { body } = await build(user, { query: 'Which programming language does Caroline use at work?' });
    expect(body).toMatchObject({ grounded: false, abstain: true });
  });

  it('abstains when the asked-about person did not say it', async () => {
    const { body } = await build(user, { query: 'What did Caroline paint over the lake?' });
    expect(body.abstain).toBe(true);
  });

  it('dates the round by the client timestamp, read as the instant it names', async () => {
    const { body } = await build(user, { query: 'What did Melanie paint?' });
    const item = body.sip_sections.active_context.find((i: { record_id: string }) => i.record_id === roundId);
    expect(item.created_at).toBe('2023-05-08T13:56:00.000Z');
    expect(body.sip).toContain('2023-05-08:');
    const messages = await user.call('GET', '/api/v1/sessions/lake/messages');
    expect(messages.body.messages[0].created_at).toBe('2023-05-08T13:56:00.000Z');
  });

  it('stores a timestamp that names no instant, dated when stored', async () => {
    const before = Date.now();
    const posted = await ingest(user, { session_id: 'odd', user_message: 'Caroline: hello there', assistant_message: 'Melanie: hi', timestamp: 'banana o’clock' });
    expect(posted.status).toBe(200);
    const messages = await user.call('GET', '/api/v1/sessions/odd/messages');
    expect(Date.parse(messages.body.messages[0].created_at)).toBeGreaterThanOrEqual(before - 1000);
  });
});

describe('two people talking without labels', () => {
  let user: Client;
  let roundId: string;

  beforeAll(async () => {
    user = await server.newUser('unlabelled-pair');
    // The same talk as above as platforms post it: no "Name: " labels, only how each calls the other.
    roundId = await postTalk(user, [
      ['Hey Mel! I went to the LGBTQ support group yesterday and it was so powerful.', 'Wow, Caroline, that sounds great. I painted a sunrise over the lake last week.'],
      ['My cat knocked over a plant this morning, Mel.', 'Cats are like that, Caroline! Mine sleeps all day.'],
      ['I am reading a book about the history of tea.', 'Sounds interesting, tell me more about it.'],
      ['I finally finished the treehouse for the kids, Mel! Took three weekends.', 'Wow, Caroline! How is the treehouse holding up in all this rain?'],
    ]);
    // Asked while only some rounds are embedded, the flags would read a similarity gap among those few.
    await embeddingsCaughtUp(server.url);
  });

  it('grounds what the named person said, told apart by how the other calls them', async () => {
    const { body } = await build(user, { query: 'What did Melanie paint?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(roundId);
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });

  it('abstains when the asked-about person did not say it, though the other side names them beside it', async () => {
    const { body } = await build(user, { query: 'What did Caroline paint over the lake?' });
    expect(body.answerability.signals.speaker_gap).toBeGreaterThan(0);
    expect(body.abstain).toBe(true);
  });

  it("does not take what one asks about the other's news for their own", async () => {
    // Mel only asks how Caroline's treehouse is holding up: pinned on Mel, no turn of hers states it, though her
    // question holds every word of the query (the flags weigh similarity as well, so they are not asserted here).
    const { signals } = (await build(user, { query: "How is Melanie's treehouse holding up?" })).body.answerability;
    expect(signals.coverage).toBeLessThan(0.5);
    expect(signals.speaker_gap).toBeGreaterThan(0.5);
    const built = await build(user, { query: 'Who built the treehouse for the kids?' });
    expect(built.body).toMatchObject({ grounded: true, abstain: false });
  });
});

describe("two people without labels, one reacting to the other's news", () => {
  it('does not take the reaction for news of the one who reacts', async () => {
    const { user, roundId } = await embeddedTalk('reaction', [
      ['Hey Mel! I signed up for a pottery workshop next month.', 'That pottery workshop sounds so fun, Caroline! Congrats on signing up.'],
      ['My cat knocked over a plant this morning, Mel.', 'Cats are like that, Caroline! Mine sleeps all day.'],
      ['I am reading a book about the history of tea.', 'Tell me more about it, Caroline.'],
    ]);
    // Mel's turn holds every word of the query, but only as a reaction to Caroline's news: her turns state her name
    // alone (which no record writes in full, so it weighs much), where the record states it all.
    const { signals } = (await build(user, { query: 'Which workshop did Melanie sign up for?' })).body.answerability;
    expect(signals.speaker_gap).toBeGreaterThan(0.3);
    const { body } = await build(user, { query: 'Which workshop did Caroline sign up for?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(roundId);
    expect(body).toMatchObject({ grounded: true, abstain: false });
    expect(body.answerability.signals.speaker_gap).toBe(0);
  });
});

describe('two people without labels, in a session where only one of them is named', () => {
  it('reads the unnamed side as the other of the two, so the named one is not credited with it', async () => {
    const { user } = await embeddedTalk('one-sided', [
      ['Hey Mel! How was the weekend?', 'Hi Caroline! Lovely, we went to the lake.', 'first'],
      ['Morning, Caroline! I finally finished the treehouse for the kids.', 'Amazing! How long did it take?', 'second'],
      ['Three weekends, and a lot of splinters.', 'Worth it, I bet.', 'second'],
    ]);
    // In the second session only Caroline is called by name: the side that calls her is Mel, whose turn states the
    // treehouse; without reading it so, that turn counted for anyone, Caroline included.
    const { signals } = (await build(user, { query: 'What did Caroline finish for the kids?' })).body.answerability;
    expect(signals.speaker_gap).toBeGreaterThan(0.3);
    const { body } = await build(user, { query: 'What did Melanie finish for the kids?' });
    expect(body.answerability.signals.speaker_gap).toBe(0);
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });
});

describe('one user and an assistant, a place named with its region', () => {
  it('reads the user\'s turn for a question naming the region: "Austin, Texas" calls no one Texas', async () => {
    const { user, roundId } = await embeddedTalk('austin', [
      ['We finally moved to Austin, Texas. Boxes everywhere!', 'Congrats, Sam! Unpack the kitchen and the bed first.'],
      ['any tips for a first summer in the heat?', 'Hydrate, shade your windows and run errands early in the day.'],
      ['thanks, that helps', 'Anytime, Sam!'],
    ]);
    const { body } = await build(user, { query: 'Which city in Texas did we move to?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(roundId);
    expect(body).toMatchObject({ grounded: true, abstain: false });
    // Read as a name the assistant is called by, "Texas" had set the user's own turn aside from the coverage.
    expect(body.answerability.signals.speaker_gap).toBe(0);
    expect(body.answerability.signals.coverage).toBeGreaterThan(0.4);
  });

  it('reads what the user, named by the assistant, asked, for a question about what they asked', async () => {
    const { user, roundId } = await embeddedTalk('knee', [
      ['Any stretches for my knee? It has been sore since the long run.', 'Sorry to hear that! For your knee, try quad sets and straight-leg raises, and ice it after runs.'],
      ['what should I cook tonight?', 'Sure thing, Sam. A quick stir-fry with whatever vegetables you have.'],
    ]);
    const { body } = await build(user, { query: 'What did Sam ask about his knee?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(roundId);
    // Sam's question states the knee for a query about what Sam asked (elsewhere, what one only asks is not theirs).
    expect(body.answerability.signals.speaker_gap).toBe(0);
    expect(body.answerability.signals.coverage).toBeGreaterThan(0.5);
  });
});

describe('a SIP costs no more than it must', () => {
  it('collapses near-identical rounds into one line citing the newest, below the baseline it replaces', async () => {
    const user = await server.newUser('tea');
    const ids: string[] = [];
    for (let n = 1; n <= 6; n++) {
      ids.push((await ingest(user, { session_id: 'prefs', user_message: `I prefer tea over coffee, round ${n}`, assistant_message: 'Noted.' })).body.round_id);
    }
    for (let i = 0; i < 3; i++) {
      const { body } = await build(user, { session_id: 'prefs', query: 'tea or coffee?' });
      expect(body.citations).toHaveLength(1);
      expect(body.citations[0].record_id).toBe(ids[5]);
      expect(body.sip).toContain('said 6 times');
    }
    const efficiency = await user.call('GET', '/api/v1/dashboard/efficiency?window_seconds=3600');
    expect(efficiency.status).toBe(200);
    expect(efficiency.body.tokens_sip).toBeLessThan(efficiency.body.tokens_baseline);
    expect(efficiency.body.percent_reduction).toBeGreaterThan(0);
  });
});

describe('the embedding backlog is visible', () => {
  it('in health beside projection lag, and as a Prometheus gauge', async () => {
    const health = (await (await fetch(`${server.url}/api/v1/health`)).json()) as { checks: Record<string, unknown> };
    expect(health.checks.embeddings).toMatchObject({ status: expect.stringMatching(/ok|degraded/), lag: expect.any(Number) });
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^memctx_embedding_backlog \d+$/m);
  });
});

// A long question of an unlabelled conversation, answered in one word by the reply.
const ITALY_QUESTION = [
  'Okay, Italy planning, round three.', 'We have two weeks in September and we want to see Florence, Venice and Verona without',
  'packing and unpacking every other night, because last year in Spain we changed hotels six times and it wore us out.',
  'My partner wants to stay in Florence the whole time, but the hotels there in September are expensive and',
  'the city is packed with tour groups all day.', 'I would rather stay somewhere quieter with good food and do day trips by train.',
  'We do not want to rent a car, since parking in Italian old towns sounds like a nightmare and neither of us likes driving abroad.',
  'We also want one or two days where we do nothing but eat and walk around, ideally somewhere with a market and arcades for rainy days.',
  'Budget is about 150 euros a night for the room, a bit more if the place is really special.',
  'Trains are fine, even early ones, and we do not mind an hour each way if the city we come back to is pleasant in the evening.',
  'So, given all that, which city should we base ourselves in for the first week?',
].join(' ');

/*
 * The way most platforms talk: one user and an assistant, no "Name: " labels,
 * ISO timestamps, ordinary chat around the facts. Asked right after posting.
 */
describe('unlabelled conversations', () => {
  const chat: Array<[string, string]> = [
    ['Good morning! How are you today?', 'Good morning! I am doing well, thanks for asking.'],
    ['Can you suggest a quick pasta recipe for dinner?', 'Try aglio e olio: spaghetti, garlic, olive oil, chilli flakes and parsley.'],
    ['What is the difference between a list and a tuple in Python?', 'Lists are mutable and tuples are immutable; tuples can be dictionary keys.'],
    ['Thanks for the kind words!', 'Gotta run, bye!'],
    ['Any tips for staying focused while studying?', 'Work in 25-minute blocks with short breaks, and keep your phone in another room.'],
    ['How do I convert Celsius to Fahrenheit?', 'Multiply by 9/5 and add 32.'],
    ['Recommend a sci-fi novel?', 'The Left Hand of Darkness by Ursula K. Le Guin is a classic.'],
    ['Is it better to water plants in the morning or evening?', 'Morning is usually best, so leaves dry during the day.'],
    ['ugh, long week', 'Hang in there, the weekend is close. Anything fun planned for it?'],
    ['tell me something funny', 'Why don\'t skeletons fight each other? They don\'t have the guts.'],
    ['it\'s snowing out and I feel weirdly productive today', 'Weather like that can set the mood. Make the most of it!'],
    ['so lazy today, I can\'t even start on the dishes lol', 'Tiny step: wash one plate. Momentum does the rest!'],
    ['ok I need a distraction for five minutes', 'Here is one: octopuses have three hearts and blue blood. Want another?'],
  ];
  // The rounds that carry nothing about the user: a greeting, thanks and goodbye, moods (one sharing "start" with a
  // question below), a joke.
  const smallTalk = ['chat0', 'chat3', 'chat8', 'chat9', 'chat10', 'chat11'];
  let user: Client;
  const ids: Record<string, string> = {};
  const post = async (key: string, user_message: string, assistant_message: string, timestamp: string, session_id = `s-${key}`) => {
    const posted = await ingest(user, { session_id, user_message, assistant_message, timestamp });
    expect(posted.status).toBe(200);
    ids[key] = posted.body.round_id;
  };

  beforeAll(async () => {
    user = await server.newUser('plain');
    for (const [i, [u, a]] of chat.entries()) await post(`chat${i}`, u, a, `2024-01-${String(10 + i).padStart(2, '0')}T09:00:00Z`, 'daily');
    await post('porto', 'We live in Porto these days and I love walking by the river.', 'Porto is lovely, the Ribeira is beautiful at sunset.', '2024-02-03T18:20:00Z');
    await post('pottery', 'I signed up for a pottery class at the community centre. The first session is on March 3rd.', 'How exciting, enjoy getting your hands dirty!', '2024-02-20T12:00:00Z');
    await post('lisbon', 'Big news: we finally moved, we live in Lisbon now.', 'Congratulations on the move to Lisbon!', '2024-07-14T10:05:00Z');
    await post('priscilla', '1:1 with my manager Priscilla tomorrow, I want to ask about the senior track.', 'Ask what she would need to see from you in the next six months.', '2024-03-04T16:00:00Z');
    await post('omar', 'Reorg happened. Omar runs our team from this week, so my 1:1s are with him now.', 'Use the first one to learn how he likes to get updates.', '2024-05-06T15:00:00Z');
    // A long question and the short reply that answers it: the question alone would fill a line.
    await post('italy', ITALY_QUESTION, 'Bologna. It is an hour or less by train from Florence, Venice and Verona, and cheaper to stay in.', '2024-04-02T19:00:00Z');
    await embeddingsCaughtUp(server.url);
  });

  it('shows the newest statement of a changed fact first and marks the older one superseded by it', async () => {
    const { body } = await build(user, { query: 'Where do I live?' });
    expect(body.sip.indexOf('Lisbon')).toBeGreaterThan(-1);
    expect(body.sip.indexOf('Lisbon')).toBeLessThan(body.sip.indexOf('Porto these days'));
    const items = body.sip_sections.active_context as Array<{ index: number; record_id: string; superseded_by?: number }>;
    const lisbon = items.find((item) => item.record_id === ids.lisbon)!;
    expect(items.find((item) => item.record_id === ids.porto)).toMatchObject({ superseded_by: lisbon.index });
    expect(body.sip).toContain(`(superseded by [${lisbon.index}]) We live in Porto`);
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });

  it('cites the newer statement that shares no word with the question beside the older one that does, newest first', async () => {
    const { body } = await build(user, { query: 'Who is my manager?' });
    expect(body.sip).toContain('Omar runs our team');
    expect(body.sip.indexOf('Omar runs our team')).toBeLessThan(body.sip.indexOf('my manager Priscilla'));
  });

  it('cites no small talk for a question about the user\'s life, though the budget leaves room for it', async () => {
    // The mood round holds "start": a fifth of the second query, where the pottery round holds the rest. (Asked as
    // "When did I start the pottery class?" it would hold half of what the pottery round does, and be kept.)
    for (const query of ['Where do I live?', 'When did I start the pottery class at the community centre?']) {
      const { body } = await build(user, { query });
      expect(body.tokens_sip).toBeLessThan(body.token_budget);
      const cited = body.citations.map((c: { record_id: string }) => c.record_id);
      for (const key of smallTalk) expect(cited).not.toContain(ids[key]);
    }
  });

  it('abstains on a question nothing answers, with a short SIP that cites no small talk', async () => {
    const { body } = await build(user, { query: 'What is my blood type?' });
    expect(body).toMatchObject({ grounded: false, abstain: true });
    expect(body.records_used).toBeLessThanOrEqual(2);
    expect(countTokens(body.sip)).toBeLessThanOrEqual(150);
    for (const key of smallTalk) expect(body.citations.map((c: { record_id: string }) => c.record_id)).not.toContain(ids[key]);
  });

  it("abstains on a question about the user's own thing that a round only names of no one", async () => {
    // "blood" is said, in a fun fact about octopuses: nothing says what the user's blood type is.
    const { body } = await build(user, { query: 'What is my blood type?' });
    expect(body).toMatchObject({ grounded: false, abstain: true });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).not.toContain(ids.chat12);
  });

  it('leaves the reply to a long question its room in the line: the answer is in the reply', async () => {
    const { body } = await build(user, { query: 'Which city in Italy did you suggest as our base?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(ids.italy);
    expect(body.sip).toContain('Bologna.');
    expect(body.sip).toContain('which city should we base ourselves in');
  });

  it('keeps the sentence that answers even when it shares no word with the question', async () => {
    const { body } = await build(user, { query: 'When did I start the pottery class?' });
    expect(body.citations.map((c: { record_id: string }) => c.record_id)).toContain(ids.pottery);
    expect(body.sip).toContain('The first session is on March 3rd.');
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });
});

describe('a query that names when its answer was said', () => {
  const DISHES = ['lasagne', 'ramen', 'tacos', 'risotto', 'curry', 'paella', 'chilli', 'pho', 'gnocchi', 'shakshuka', 'dumplings', 'moussaka'];
  let user: Client;
  const ids: Record<string, string> = {};
  const dinner = async (dish: string, timestamp: string) => {
    const posted = await ingest(user, { session_id: `dinner-${dish}`, user_message: `For dinner I made ${dish}.`, assistant_message: 'Sounds delicious!', timestamp });
    expect(posted.status).toBe(200);
    ids[dish] = posted.body.round_id;
  };
  const dayBefore = (days: number) => new Date(Math.floor(Date.now() / 86_400_000 - days) * 86_400_000 + 9 * 3_600_000).toISOString();
  const cited = (body: { citations: Array<{ record_id: string }> }) => body.citations.map((c) => c.record_id);

  beforeAll(async () => {
    user = await server.newUser('dinners');
    // A dinner every other day, said alike: only the day tells them apart.
    for (const [i, dish] of DISHES.entries()) await dinner(dish, `2023-11-${String(2 * i + 1).padStart(2, '0')}T19:00:00+01:00`);
    for (const [days, dish] of [[7, 'pad thai'], [5, 'goulash'], [3, 'falafel'], [1, 'pierogi']] as const) await dinner(dish, dayBefore(days));
    await embeddingsCaughtUp(server.url);
  });

  it('cites the round of the day named, though every other day states the query as well', async () => {
    // Room for one line: the day's.
    const { body } = await build(user, { query: 'What did I make for dinner on 9 November, 2023?', token_budget: 80 });
    expect(cited(body)).toEqual([ids.curry]);
    expect(body.sip).toContain('For dinner I made curry.');
    expect(body).toMatchObject({ grounded: true, abstain: false });
  });

  it('counts "yesterday" from the time of asking', async () => {
    const { body } = await build(user, { query: 'What did I make for dinner yesterday?', token_budget: 80 });
    expect(cited(body)).toEqual([ids.pierogi]);
  });

  it('answers a question about what was said at a time with that time\'s rounds, and abstains on a time with none', async () => {
    const { body } = await build(user, { query: 'What did we talk about yesterday?' });
    expect(cited(body)).toEqual([ids.pierogi]);
    expect(body).toMatchObject({ grounded: true, abstain: false });
    // A part of a named day names that day (and the days after it, which may tell of it).
    const evening = await build(user, { query: 'What did we talk about on the evening of 9 November 2023?' });
    expect(cited(evening.body)).toContain(ids.curry);
    expect(cited(evening.body)).not.toContain(ids.risotto);
    const before = await build(user, { query: 'What happened on 1 January 2020?' });
    expect(before.body).toMatchObject({ grounded: false, abstain: true, records_used: 0 });
    expect(before.body.sip).toBe('Memory context. Nothing in memory answers this query; say so rather than guess.');
  });
});
