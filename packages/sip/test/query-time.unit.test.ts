import { describe, expect, it } from 'vitest';
import { datedQuery, tellsOf, toldOf } from '../src/query-time.js';

const NOW = new Date('2026-11-28T14:00:00Z');
const iso = (date: Date) => date.toISOString();
const windowOf = (query: string) => {
  const dated = datedQuery(query, NOW);
  return dated && { from: iso(dated.window.from), near: iso(dated.window.near), to: iso(dated.window.to), phrase: dated.phrase };
};

describe('the time a query says its answer was said', () => {
  it('reads a named day as that day in any time zone, and the week after it in which it is told of', () => {
    expect(windowOf('What dish did Nate make on 9 November, 2022?')).toEqual({
      from: '2022-11-08T10:00:00.000Z', near: '2022-11-10T12:00:00.000Z', to: '2022-11-17T12:00:00.000Z', phrase: 'on 9 November, 2022',
    });
  });

  it('reads a month as the whole month, and a week as seven days', () => {
    expect(windowOf("What inspired Joanna's new script in July 2022?")).toMatchObject({ from: '2022-06-30T10:00:00.000Z', near: '2022-08-01T12:00:00.000Z', phrase: 'July 2022' });
    expect(windowOf('What did John do the week before August 3, 2023?')).toMatchObject({ from: '2023-07-26T10:00:00.000Z', near: '2023-08-03T12:00:00.000Z' });
  });

  it('counts relative days from now, and takes a day or month named without its year as the latest one past', () => {
    expect(windowOf('What did I eat yesterday?')).toMatchObject({ from: '2026-11-26T10:00:00.000Z', phrase: 'yesterday' });
    expect(windowOf('What did we talk about in May?')).toMatchObject({ from: '2026-04-30T10:00:00.000Z', near: '2026-06-01T12:00:00.000Z' });
    expect(windowOf('What did I do on Monday?')).toMatchObject({ from: '2026-11-22T10:00:00.000Z', near: '2026-11-24T12:00:00.000Z' });
    expect(windowOf('What did I cook last week?')).toMatchObject({ from: '2026-11-20T10:00:00.000Z', near: '2026-11-28T12:00:00.000Z' });
  });

  it('reads a part of a named day as that day, and a part of today as today', () => {
    expect(windowOf('What did I do on the evening of 5 March 2024?')).toMatchObject({ from: '2024-03-04T10:00:00.000Z', near: '2024-03-06T12:00:00.000Z', phrase: 'the evening of 5 March 2024' });
    expect(windowOf('What did I eat on the night of March 5?')).toMatchObject({ from: '2026-03-04T10:00:00.000Z', phrase: 'the night of March 5' });
    expect(windowOf('What did I say this morning?')).toMatchObject({ from: '2026-11-27T10:00:00.000Z', near: '2026-11-29T12:00:00.000Z' });
    expect(datedQuery('What did I do on the evening of 5 March 2024?', NOW)?.recap).toBe(true);
    expect(datedQuery('What did we cook on the morning of 5 March 2024?', NOW)?.recap).toBe(false);
  });

  it('tells a question about what was said then from one about a thing said then', () => {
    expect(datedQuery('What did we talk about yesterday?', NOW)?.recap).toBe(true);
    expect(datedQuery('What happened on 2 March 2024?', NOW)?.recap).toBe(true);
    expect(datedQuery('What did I eat yesterday?', NOW)?.recap).toBe(false);
    expect(datedQuery('What happened at dinner on March 18, 2024?', NOW)?.recap).toBe(false);
  });

  it('names no time for "now", for a question that asks when, or for a query without a date', () => {
    expect(datedQuery('Where do I live now?', NOW)).toBeNull();
    expect(datedQuery("When is my sister's birthday, March 3?", NOW)).toBeNull();
    expect(datedQuery('What is my blood type?', NOW)).toBeNull();
    expect(datedQuery('I may have 2 cats', NOW)).toBeNull();
  });
});

describe('a record said later that tells of the time named', () => {
  const window = datedQuery('What did we talk about on 5 March 2024?', NOW)!.window;
  const saidOn = (day: string) => new Date(`${day}T18:00:00Z`);

  it('names that day from when it was said: "yesterday", "on Tuesday", "two days ago", the date', () => {
    expect(tellsOf('yesterday was my first pottery class!', saidOn('2024-03-06'), window)).toBe(true);
    expect(tellsOf('on Tuesday evening we had class', saidOn('2024-03-08'), window)).toBe(true);
    expect(tellsOf('two days ago I fell off my bike', saidOn('2024-03-07'), window)).toBe(true);
    expect(tellsOf('the gig on March 5 was great', saidOn('2024-03-11'), window)).toBe(true);
  });

  it('does not when it names another day, or none', () => {
    expect(tellsOf('yesterday was my first pottery class!', saidOn('2024-03-09'), window)).toBe(false);
    expect(tellsOf('how do I unclog a drain?', saidOn('2024-03-06'), window)).toBe(false);
    expect(tellsOf('I have a dentist appointment tomorrow', saidOn('2024-03-04'), window)).toBe(false);
    expect(tellsOf('What would you pack for 3 days in Seoul?', saidOn('2024-03-09'), window)).toBe(false);
  });
});

describe('the candidates a window leaves to a query about the time it names', () => {
  const window = datedQuery('What did the teacher say on 5 March 2024?', NOW)!.window;
  const round = (id: string, day: string, user_text: string) =>
    ({ record_id: id, created_at: new Date(`${day}T18:00:00Z`), content: `User: ${user_text}\nAssistant: Nice.`, user_text, assistant_text: 'Nice.' });
  const candidates = [
    round('that-day', '2024-03-05', 'First pottery class tonight.'),
    round('told', '2024-03-06', 'Yesterday the teacher said my bowl was the best.'),
    round('unrelated', '2024-03-08', 'How do I unclog a drain?'),
    round('matched', '2024-03-09', 'The teacher wants us to glaze next week.'),
  ];

  it('keeps the day, what tells of it and what the query found otherwise; not the rest of the week after', () => {
    expect(toldOf(candidates, window, ['matched']).map((c) => c.record_id)).toEqual(['that-day', 'told', 'matched']);
    expect(toldOf(candidates, window, []).map((c) => c.record_id)).toEqual(['that-day', 'told']);
  });
});
