import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withDatesResolved } from '../src/dates-told.js';

// A Monday afternoon, UTC.
const SAID = new Date('2023-05-08T13:56:00Z');
const resolved = (text: string, said = SAID) => withDatesResolved(text, said);

describe('the times a round names, written out from when it was said', () => {
  it('writes the day a relative phrase names after it', () => {
    expect(resolved('I went to a support group yesterday and it was powerful.')).toBe('I went to a support group yesterday (7 May 2023) and it was powerful.');
    expect(resolved('the day before yesterday')).toBe('the day before yesterday (6 May 2023)');
    expect(resolved('two days ago I ran a charity race')).toBe('two days ago (6 May 2023) I ran a charity race');
    expect(resolved('Last Friday we went camping.')).toBe('Last Friday (5 May 2023) we went camping.');
    expect(resolved("We're meeting tomorrow at 5")).toBe("We're meeting tomorrow at 5 (9 May 2023)");
    expect(resolved('last night was amazing')).toBe('last night (7 May 2023) was amazing');
    expect(resolved('a game next Sunday, want to join?', new Date('2023-05-07T10:00:00Z'))).toBe('a game next Sunday (14 May 2023), want to join?');
  });

  it('puts a vague phrase against the day it was said, never giving it a precision it lacks', () => {
    expect(resolved('last week I painted a sunset')).toBe('last week (the week before 8 May 2023) I painted a sunset');
    expect(resolved("I'm going to a conference next week")).toBe("I'm going to a conference next week (the week after 8 May 2023)");
    expect(resolved('Last weekend we hiked')).toBe('Last weekend (the weekend before 8 May 2023) we hiked');
    expect(resolved('a few days ago I fell')).toBe('a few days ago (a few days before 8 May 2023) I fell');
    expect(resolved('two weeks ago we moved')).toBe('two weeks ago (about 24 April 2023) we moved');
    expect(resolved('A week ago I had surgery')).toBe('A week ago (about 1 May 2023) I had surgery');
    expect(resolved('next month we travel to Spain')).toBe('next month (June 2023) we travel to Spain');
    expect(resolved('Last year I adopted a dog')).toBe('Last year (2022) I adopted a dog');
    expect(resolved('three years ago I started')).toBe('three years ago (about 2020) I started');
    expect(resolved('a friend made it ten years ago')).toBe('a friend made it ten years ago (about 2013)');
    expect(resolved('I started about a year ago')).toBe('I started about a year ago (about 2022)');
    expect(resolved('two months ago we met')).toBe('two months ago (about March 2023) we met');
  });

  it('writes a span that runs up to when it was said as when it began, which stays true when read later', () => {
    expect(resolved("I've been painting for 3 years now")).toBe("I've been painting for 3 years (since about 2020) now");
    expect(resolved("I've been playing for about four months now")).toBe("I've been playing for about four months (since about January 2023) now");
    expect(resolved("It's been raining for 3 days")).toBe("It's been raining for 3 days (since about 5 May 2023)");
    expect(resolved("I've had them for 3 years now!")).toBe("I've had them for 3 years (since about 2020) now!");
  });

  it('leaves today, other spans, idioms, dates already named and a weekday neither past nor ahead within the week', () => {
    for (const text of [
      'this morning I felt great', 'at 7pm tonight', 'Right now I am tired', 'earlier this month', 'See you in 10 minutes',
      "I've been working on this for the past few months", 'So much has happened in the last month', 'He was part of our family for 10 years',
      "I've been waiting for 2 hours", 'I lived there for 3 years. Now I am back', 'I had been working there for 3 years',
      "We haven't talked in a few days", "Rome wasn't built in a day", 'It feels like just yesterday I wore it', 'I start a new job in two weeks',
      'on 5 March I went out', 'in 2019 I moved', 'the 4th of July parade', "I'll see you on Sunday", 'next Friday we fly', 'I may go there',
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
