/**
 * Questions about things the user never said. The sessions here are distractors: they use the
 * question's words in another sense (a Brother printer, a flight of stairs, a CAT scan), so word
 * overlap alone finds something that does not answer.
 */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-printer', persona: 'maya', at: '2024-02-29T18:00:00Z', rounds: [
    ['my Brother printer keeps saying "paper jam" when there is literally no paper jammed. help', 'Phantom jams on Brother printers are usually a scrap of torn paper or a stuck sensor flag. Turn it off, open the back and front covers, look for tiny bits with a torch, and gently flick the sensor levers to make sure they move freely. Then power it back on.'],
  ] },
  { id: 'maya-oil', persona: 'maya', at: '2024-03-28T16:30:00Z', rounds: [
    ['booked an appointment for the oil change on saturday. do I really need synthetic or is that an upsell?', 'Check the owner\'s manual: many newer engines specify synthetic (often 0W-20), in which case it isn\'t an upsell. If conventional is allowed, synthetic still lasts longer and protects better in cold weather, but it\'s optional.'],
  ] },
  { id: 'maya-boots', persona: 'maya', at: '2024-01-31T20:00:00Z', rounds: [
    ['are knee-high boots still in? I want something for the rain that isn\'t ugly', 'Yes — knee-high boots are very much around, especially sleek rubber riding-style ones and chunky lug-sole versions. For rain, look for a fully waterproof rubber or treated-leather pair with a grippy sole.'],
  ] },
  { id: 'sam-blood', persona: 'sam', at: '2024-04-15T19:00:00Z', rounds: [
    ['got a bag of blood oranges at the market, what\'s a good salad with them?', 'Slice them into rounds and layer with shaved fennel, thinly sliced red onion, a few olives and some mint. Dress with olive oil, a squeeze of the orange and flaky salt. Burrata on the side makes it a meal.'],
  ] },
  { id: 'sam-cat', persona: 'sam', at: '2024-03-05T16:00:00Z', rounds: [
    ['why does `cat file | grep foo` get flagged as a "useless use of cat" in code review?', 'Because grep can read the file itself: `grep foo file` does the same job without starting a second process and a pipe. It\'s a style nit more than a real problem, but the direct form is cleaner.'],
  ] },
  { id: 'sam-tts', persona: 'sam', at: '2024-05-09T17:00:00Z', rounds: [
    ['any good open-source text-to-speech library for a side project? needs to run offline', 'Piper is a good choice: fast, runs offline on a CPU, with many voices. Coqui TTS has more models but is heavier. For the lightest setup, eSpeak NG works anywhere but sounds robotic.'],
  ] },
  { id: 'priya-dogeared', persona: 'priya', at: '2024-02-21T19:00:00Z', rounds: [
    ['My copy of Jane Eyre is so dog-eared it\'s falling apart and I still have to teach from it. Can a paperback be rebound cheaply?', 'Yes — a local bookbinder can rebind a paperback in cloth for not much, or you can do a simple repair yourself with PVA glue along the spine and a bulldog clip overnight. For teaching, a cheap second copy might save your annotated one.'],
  ] },
  { id: 'priya-test', persona: 'priya', at: '2024-05-15T17:00:00Z', rounds: [
    ['The Year 11 chemistry test is next week and the new seating plan is driving me up the wall. Any tips for seating 30 teenagers for an exam?', 'Alphabetical or by candidate number keeps it neutral and easy to check, with friends split up automatically. Leave a clear aisle for invigilating, put anyone with access arrangements near the front, and post the plan on the door so they seat themselves.'],
  ] },
  { id: 'priya-gym', persona: 'priya', at: '2024-03-26T16:30:00Z', rounds: [
    ['The spring concert has to be in the gym this year because the hall roof is being redone. How do I make a gym sound less echoey?', 'Soft surfaces help most: hang drapes or gym mats on the walls, put the audience on chairs rather than bleachers, and angle the performers toward the audience. A small PA with a couple of well-placed mics works better than playing louder.'],
  ] },
  { id: 'tom-benchdog', persona: 'tom', at: '2024-03-17T15:00:00Z', rounds: [
    ['Making some bench dogs for the workbench. Round or square holes?', 'Round holes are far easier to drill accurately with a 3/4" bit and a guide, and round dogs can rotate to grip odd shapes. Square dogs suit traditional benches with a tail vise. For a new bench, round is the practical choice.'],
  ] },
  { id: 'tom-stairs', persona: 'tom', at: '2024-04-23T14:00:00Z', rounds: [
    ['Building a flight of stairs down to the new deck. How do I figure the rise and run?', 'Measure the total rise from the deck surface to the ground, divide by about 7 inches to get the number of steps, then divide the total rise by that whole number for the exact riser height. Aim for treads of 10 to 11 inches; riser plus tread around 17–18 inches feels natural.'],
  ] },
  { id: 'tom-pt', persona: 'tom', at: '2024-05-30T15:00:00Z', rounds: [
    ['Is pressure-treated lumber safe for raised vegetable beds these days?', 'Modern pressure-treated lumber (ACQ or copper azole) is considered safe for garden beds — the old arsenic-based CCA was phased out for residential use in 2003. If you want to be extra careful, line the inside with plastic or use cedar.'],
  ] },
  { id: 'lena-drive', persona: 'lena', at: '2024-03-28T21:00:00Z', rounds: [
    ['my laptop\'s hard drive is making clicking noises. how screwed am I?', 'Clicking often means a failing drive — back up anything important right now, before anything else. Then replace the drive (an SSD would be a nice upgrade) and restore from the backup.'],
  ] },
  { id: 'lena-blood', persona: 'lena', at: '2024-02-08T19:00:00Z', rounds: [
    ['Can you help me format the blood draw schedule for our unit? I typed it up as a list: 0400 beds 1-6, 0430 beds 7-12, 0500 beds 13-18', '| time | beds |\n|---|---|\n| 04:00 | 1–6 |\n| 04:30 | 7–12 |\n| 05:00 | 13–18 |'],
  ] },
  { id: 'lena-catscan', persona: 'lena', at: '2024-05-15T20:00:00Z', rounds: [
    ['how do I explain to an anxious patient\'s family why a CAT scan needs contrast?', 'Keep it simple: "The contrast is a dye that makes blood vessels and organs show up clearly, so the doctors can see exactly what\'s going on. You might feel warm for a minute — that\'s normal. We\'ll be watching closely the whole time."'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'un-maya-brother', persona: 'maya', question: 'What is my brother\'s name?', answer: 'never mentioned', evidence: [] },
  { id: 'un-maya-haircut', persona: 'maya', question: 'When is my next haircut appointment?', answer: 'never mentioned', evidence: [] },
  { id: 'un-maya-knee', persona: 'maya', question: 'What did you recommend for my knee injury?', answer: 'never mentioned', evidence: [] },
  { id: 'un-maya-husband', persona: 'maya', question: 'What is my husband\'s name?', answer: 'never mentioned', evidence: [] },
  { id: 'un-sam-blood', persona: 'sam', question: 'What is my blood type?', answer: 'never mentioned', evidence: [] },
  { id: 'un-sam-cat', persona: 'sam', question: 'What is my cat called?', answer: 'never mentioned', evidence: [] },
  { id: 'un-sam-university', persona: 'sam', question: 'Which university did I go to?', answer: 'never mentioned', evidence: [] },
  { id: 'un-sam-speech', persona: 'sam', question: 'What did you suggest for my sister\'s wedding speech?', answer: 'never mentioned', evidence: [] },
  { id: 'un-priya-dog', persona: 'priya', question: 'What is my dog\'s name?', answer: 'never mentioned', evidence: [] },
  { id: 'un-priya-driving', persona: 'priya', question: 'When is my driving test?', answer: 'never mentioned', evidence: [] },
  { id: 'un-priya-shoes', persona: 'priya', question: 'What is my shoe size?', answer: 'never mentioned', evidence: [] },
  { id: 'un-priya-gym', persona: 'priya', question: 'Which gym am I a member of?', answer: 'never mentioned', evidence: [] },
  { id: 'un-tom-daughter', persona: 'tom', question: 'What is my daughter\'s name?', answer: 'never mentioned', evidence: [] },
  { id: 'un-tom-dog', persona: 'tom', question: 'What breed is my dog?', answer: 'never mentioned', evidence: [] },
  { id: 'un-tom-flight', persona: 'tom', question: 'When is my flight to Florida?', answer: 'never mentioned', evidence: [] },
  { id: 'un-tom-pressure', persona: 'tom', question: 'What medication do I take for my blood pressure?', answer: 'never mentioned', evidence: [] },
  { id: 'un-lena-boyfriend', persona: 'lena', question: 'What is my boyfriend\'s name?', answer: 'never mentioned', evidence: [] },
  { id: 'un-lena-car', persona: 'lena', question: 'What car do I drive?', answer: 'never mentioned', evidence: [] },
  { id: 'un-lena-blood', persona: 'lena', question: 'What is my blood type?', answer: 'never mentioned', evidence: [] },
  { id: 'un-lena-cat', persona: 'lena', question: 'What is my cat\'s name?', answer: 'never mentioned', evidence: [] },
];
