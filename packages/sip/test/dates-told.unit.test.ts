import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withDatesResolved } from '../src/dates-told.js';

// A Monday afternoon, UTC.
const SAID = new Date('2023-05-08T13:56:00Z');
const resolved = (text: string, said = SAID) => withDatesResolved(text, said);
const writtenOut = (text: string, expected: string, said?: Date) => expect(resolved(text, said)).toBe(expected);

describe('the times a round names, written out from when it was said', () => {
  it.each([
    ['I went to a support group yesterday and it was powerful.', 'I went to a support group yesterday (7 May 2023) and it was powerful.'],
    ['the day before yesterday', 'the day before yesterday (6 May 2023)'],
    ['two days ago I ran a charity race', 'two days ago (6 May 2023) I ran a charity race'],
    ['Last Friday we went camping.', 'Last Friday (5 May 2023) we went camping.'],
    ["We're meeting tomorrow at 5", "We're meeting tomorrow at 5 (9 May 2023)"],
    ['last night was amazing', 'last night (7 May 2023) was amazing'],
    ['We went last Tues.', 'We went last Tues (2 May 2023).'],
    ['two nights ago the storm hit', 'two nights ago (6 May 2023) the storm hit'],
    ['a game next Sunday, want to join?', 'a game next Sunday (14 May 2023), want to join?', new Date('2023-05-07T10:00:00Z')],
  ])('writes the day a relative phrase names after it: %s', writtenOut);

  it.each([
    ['last week I painted a sunset', 'last week (the week before 8 May 2023) I painted a sunset'],
    ["I'm going to a conference next week", "I'm going to a conference next week (the week after 8 May 2023)"],
    ['Last weekend we hiked', 'Last weekend (the weekend before 8 May 2023) we hiked'],
    ['a few days ago I fell', 'a few days ago (a few days before 8 May 2023) I fell'],
    ['I saw her the other day at the park', 'I saw her the other day (a few days before 8 May 2023) at the park'],
    ['two weeks ago we moved', 'two weeks ago (about 24 April 2023) we moved'],
    ['A week ago I had surgery', 'A week ago (about 1 May 2023) I had surgery'],
    ['next month we travel to Spain', 'next month (June 2023) we travel to Spain'],
    ['Last year I adopted a dog', 'Last year (2022) I adopted a dog'],
    ['three years ago I started', 'three years ago (about 2020) I started'],
    ['a friend made it ten years ago', 'a friend made it ten years ago (about 2013)'],
    ['I started about a year ago', 'I started about a year ago (about 2022)'],
    ['two months ago we met', 'two months ago (about March 2023) we met'],
  ])('puts a vague phrase against the day it was said, never giving it a precision it lacks: %s', writtenOut);

  it.each([
    ["I've been painting for 3 years now", "I've been painting for 3 years (since about 2020) now"],
    ["I've been playing for about four months now", "I've been playing for about four months (since about January 2023) now"],
    ["It's been raining for 3 days", "It's been raining for 3 days (since about 5 May 2023)"],
    ["I've had them for 3 years now!", "I've had them for 3 years (since about 2020) now!"],
  ])('writes a span that runs up to when it was said as when it began, which stays true when read later: %s', writtenOut);

  it('leaves today, other spans, idioms, dates already named and a weekday neither past nor ahead within the week', () => {
    for (const text of [
      'this morning I felt great', 'at 7pm tonight', 'Right now I am tired', 'earlier this month', 'See you in 10 minutes',
      "I've been working on this for the past few months", 'So much has happened in the last month', 'He was part of our family for 10 years',
      "I've been waiting for 2 hours", 'I lived there for 3 years. Now I am back', 'I had been working there for 3 years',
      "We haven't talked in a few days", "Rome wasn't built in a day", 'It feels like just yesterday I wore it', 'I start a new job in two weeks',
      'on 5 March I went out', 'in 2019 I moved', 'the 4th of July parade', "I'll see you on Sunday", 'next Friday we fly', 'I may go there',
      'the other team won', 'I started the other week',
    ]) expect(resolved(text)).toBe(text);
  });

  it('reads the day in UTC, as the SIP dates its lines, and writes a phrase out once', () => {
    expect(resolved('yesterday', new Date('2023-05-08T23:30:00Z'))).toBe('yesterday (7 May 2023)');
    expect(resolved('yesterday', new Date('2023-05-09T00:30:00Z'))).toBe('yesterday (8 May 2023)');
    expect(resolved(resolved('yesterday I went'))).toBe('yesterday (7 May 2023) I went');
  });
});

describe('written out, whatever the text', () => {
  // Words the phrases are made of, among others, so that generated text holds relative dates often.
  const word = fc.constantFrom('yesterday', 'tomorrow', 'last', 'next', 'week', 'weekend', 'month', 'year', 'ago', 'two', 'a', 'few', 'days',
    'Friday', 'in', 'the', 'past', 'for', 'since', 'night', 'I', 'went', 'home', '(', ')', ',', '.', '5', 'May', '2023');
  const text = fc.array(word, { maxLength: 30 }).map((words) => words.join(' '));
  const said = fc.date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2090-12-31T23:59:59Z'), noInvalidDate: true });

  it('only adds a time in brackets after a phrase, and adds none the second time', () => {
    fc.assert(fc.property(text, said, (original, at) => {
      const once = withDatesResolved(original, at);
      expect(withDatesResolved(once, at)).toBe(once);
      // Taking out what was added gives the text back.
      const added = [...once.matchAll(/ \((?:the |about |a few )?[^()]*\d{4}\)/g)].map((m) => m[0]);
      expect(added.reduce((rest, piece) => rest.replace(piece, ''), once)).toBe(original);
    }));
  });
});
