/**
 * Questions on subjects the user's conversations never touch, and no distractor planted: the common case of a
 * question memory cannot answer. Some of their words still occur in ordinary rounds (a landlord who never gets a
 * name, "home-bank rates", travel insurance), as they would in anyone's chat. No session is added.
 */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [];

const never = (id: string, persona: QuestionSpec['persona'], question: string): QuestionSpec =>
  ({ id: `nm-${persona}-${id}`, persona, question, answer: 'never mentioned', evidence: [] });

export const questions: QuestionSpec[] = [
  never('mother', 'maya', 'What is my mother\'s name?'),
  never('football', 'maya', 'Which football team do I support?'),
  never('insurance', 'maya', 'When does my car insurance renew?'),
  never('allergy', 'maya', 'What am I allergic to?'),
  never('tax', 'maya', 'What did you suggest for my tax return?'),
  never('dentist', 'sam', 'When is my dentist appointment?'),
  never('honeymoon', 'sam', 'Where did we go on our honeymoon?'),
  never('mortgage', 'sam', 'How much is my monthly mortgage payment?'),
  never('star-sign', 'sam', 'What\'s my star sign?'),
  never('school', 'sam', 'Which high school did I go to?'),
  never('landlord', 'priya', 'What is my landlord\'s name?'),
  never('allergy', 'priya', 'What am I allergic to?'),
  never('dentist', 'priya', 'When is my dentist appointment?'),
  never('height', 'priya', 'How tall am I?'),
  never('bank', 'priya', 'Which bank do I use?'),
  never('maiden', 'tom', 'What is my mother\'s maiden name?'),
  never('passport', 'tom', 'When does my passport expire?'),
  never('pension', 'tom', 'How much is my pension?'),
  never('football', 'tom', 'Which football team do I support?'),
  never('vaccine', 'tom', 'Which vaccine did I get last month?'),
  never('mother', 'lena', 'What is my mother\'s name?'),
  never('dentist', 'lena', 'When is my dentist appointment?'),
  never('star-sign', 'lena', 'What\'s my star sign?'),
  never('bank', 'lena', 'Which bank do I use?'),
  never('rent', 'lena', 'How much rent do I pay?'),
];
