/**
 * "When did I…": the answer is a date the round's timestamp gives (today, yesterday, three days
 * ago, last Sunday) or one the user wrote out. Derived dates are in the gold answer as YYYY-MM-DD. The
 * "tmp-on-" questions ask the other way round: they name the day, and the round says what happened.
 */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-firstclass', persona: 'maya', at: '2024-03-05T21:00:00Z', rounds: [
    ['tonight was my first ever pottery class!! I made something that is technically a lump. what should I watch before the next one?', 'Congrats on the first class! Watch Florian Gadsby\'s and Sara Ceramics\' beginner wheel videos for centering and opening, and skim "The Craft and Art of Clay" by Susan Peterson for the fundamentals. Mostly though: practise centering until it\'s boring.'],
  ] },
  { id: 'maya-biscuit', persona: 'maya', at: '2024-02-11T18:00:00Z', rounds: [
    ['we picked up Biscuit from the shelter yesterday — a two-year-old beagle mix with ears like pancakes. he won\'t stop following me from room to room. normal?', 'Totally normal — shadowing is common in newly adopted dogs; you\'re his safe person in a strange new place. Give him a quiet den spot, keep a predictable routine for meals, walks and bedtime, and practise short, calm departures so he learns you come back. It usually eases over a few weeks.'],
  ] },
  { id: 'maya-race', persona: 'maya', at: '2024-04-08T16:00:00Z', rounds: [
    ['signed up for my first 10K! it\'s on June 9, along the waterfront. I can run 5K now-ish. is two months enough?', 'Two months is plenty from a 5K base. Run three or four times a week: mostly easy, one longer run building by about a kilometre a week to 10–12 km, and one session with short faster efforts. Take an easier week around week five, and taper the last week.'],
  ] },
  { id: 'maya-teeth', persona: 'maya', at: '2024-05-20T18:30:00Z', rounds: [
    ['three days ago I had my wisdom teeth out and I\'m so bored of soup. what soft foods have actual flavour?', 'Try creamy polenta with parmesan, mashed sweet potato with brown butter, soft scrambled eggs with herbs, hummus thinned with olive oil, congee with ginger, and smoothies eaten with a spoon (no straw!). Lukewarm, not hot, for the first week.'],
  ] },
  { id: 'sam-tooth', persona: 'sam', at: '2024-03-19T13:00:00Z', rounds: [
    ['last night Nora lost her first tooth at dinner and now has a LOT of questions about the tooth fairy\'s business model. going rate for a first tooth?', 'The going rate in the US is around $5–6 for a first tooth, often more than for later ones. Some parents add a tiny note from the fairy or a sprinkle of "fairy dust" glitter. As for the business model: the fairy is famously secretive about her supply chain.'],
  ] },
  { id: 'sam-anniversary', persona: 'sam', at: '2024-06-10T17:00:00Z', rounds: [
    ['our tenth anniversary is August 22 and I want to plan something now before I forget. Jess loves surprises but hates fancy restaurants. ideas?', 'Tenth is traditionally the tin anniversary. Ideas: a surprise weekend somewhere with no phones, a picnic recreating your first date, a tin box filled with ten notes — one memory per year — or tickets to something she\'s mentioned wanting to see. Book it now, reveal it that morning.'],
  ] },
  { id: 'sam-promo', persona: 'sam', at: '2024-05-23T20:00:00Z', rounds: [
    ['got promoted to staff engineer today!! feels surreal. what should I do differently in the first month?', 'Congratulations! In the first month: talk to your manager and peers about what "staff" means on your team, pick one or two cross-team problems to own, write things down (design docs, decision records), and spend more time unblocking others than writing code yourself. Resist proving yourself with volume.'],
  ] },
  { id: 'priya-tomatoes', persona: 'priya', at: '2024-05-11T10:30:00Z', rounds: [
    ['Got the tomatoes in the ground this morning — Gardener\'s Delight and Sungold. How often should I water them while they settle in?', 'Water deeply every day or two for the first week or so while the roots establish, then switch to a good soak two or three times a week, more in hot spells. Water at the base in the morning, and mulch to hold moisture. Once flowering starts, feed weekly with a tomato feed.'],
  ] },
  { id: 'priya-exam', persona: 'priya', at: '2024-04-26T18:00:00Z', rounds: [
    ['My grade 8 cello exam is on 22 June and my scales are a mess. How would you split 30 minutes a day of practice?', 'Try: 8 minutes of scales and arpeggios (rotate keys, slow with a metronome), 5 minutes of the technical study, 15 minutes on the three pieces (hardest section first), and 2 minutes of sight-reading. Once a week, do a mock exam start to finish.'],
  ] },
  { id: 'priya-boiler', persona: 'priya', at: '2024-01-24T19:00:00Z', rounds: [
    ['The boiler packed in two days ago and the landlord still hasn\'t sent anyone. What are my rights here?', 'In England, landlords must repair heating and hot water within a reasonable time — for a broken boiler in winter that usually means 24 to 48 hours. Put the request in writing, keep records, and if there\'s no response, contact your council\'s private housing team, who can step in.'],
  ] },
  { id: 'priya-museum', persona: 'priya', at: '2024-03-15T18:30:00Z', rounds: [
    ['Yesterday\'s trip to the Natural History Museum with Year 11 went brilliantly — no one got lost and the dinosaur gallery was a hit. Can you help me write a thank-you note to the museum staff?', 'Here\'s a draft: "Dear Learning Team, thank you for such a wonderful visit with our Year 11 students. Your staff were welcoming and knowledgeable, and the students haven\'t stopped talking about the dinosaur gallery. We hope to visit again soon. With thanks, …"'],
  ] },
  { id: 'tom-chair-done', persona: 'tom', at: '2024-04-27T17:00:00Z', rounds: [
    ['Put the last coat of oil on the rocking chair today. Two months of evenings. It rocks smooth as anything. How long before it\'s safe to sit in?', 'Congratulations! Oil finishes feel dry in a day but cure over a few weeks. Give it 72 hours before light use and avoid long sitting or cushions on it for two to three weeks so the finish can harden fully.'],
  ] },
  { id: 'tom-party', persona: 'tom', at: '2024-05-06T15:00:00Z', rounds: [
    ['Ellie\'s birthday party is May 18 and she wants a doll cradle. I\'ve got about ten days of shop time. Doable?', 'Very doable in ten days: a simple cradle is two curved end pieces, two side panels and a base. Cut the rockers from a template, round over all edges, and finish with a child-safe finish like shellac or a water-based poly. You could even burn her name into the headboard.'],
  ] },
  { id: 'tom-eagle', persona: 'tom', at: '2024-03-03T14:00:00Z', rounds: [
    ['Yesterday morning a bald eagle sat in the dead elm by the river for twenty minutes. First one I\'ve seen this far up the valley. Are they making a comeback around here?', 'They are! Bald eagles have recovered strongly across Vermont and New England since DDT was banned and nesting sites were protected; Vermont took them off its endangered list in 2022. Late winter and early spring, when they follow open water for fish, are good times to spot them.'],
  ] },
  { id: 'tom-cataract', persona: 'tom', at: '2024-02-20T16:00:00Z', rounds: [
    ['A week ago I had cataract surgery on the left eye and the colours are so bright now it\'s like someone cleaned the windshield. How long before I can get back in the shop with the saws?', 'That brightness is typical — the old lens was yellowed. Most surgeons say to avoid dusty environments and heavy lifting for about one to two weeks, and to wear safety glasses (which you should anyway) to keep sawdust out. Check with your surgeon at the follow-up before using power tools.'],
  ] },
  { id: 'lena-spanish', persona: 'lena', at: '2024-01-15T17:00:00Z', rounds: [
    ['Signed up for an evening Spanish class at the community college today! Twice a week starting next month. I did some in high school but it\'s rusty. How do I not fall behind?', '¡Bien! Before it starts, review the present tense of ser, estar, tener and ir, plus a couple of hundred high-frequency words with a flashcard app. Listen to something in Spanish daily, even passively. In class, speak up early — mistakes are the fastest teacher.'],
  ] },
  { id: 'lena-ccrn', persona: 'lena', at: '2024-05-08T16:00:00Z', rounds: [
    ['Booked my CCRN exam for July 10. Working full time so I\'ve got maybe 6 hours a week to study. What resources do people swear by?', 'A popular combination: a CCRN review course or review book for content, plus a big question bank — aim for 1,000+ practice questions. Spread study over 8 weeks, weakest body systems first, and do timed mixed sets in the last two weeks.'],
  ] },
  { id: 'lena-demo', persona: 'lena', at: '2024-04-16T17:00:00Z', rounds: [
    ['We recorded our demo last Sunday in one take per song, and now the drummer wants to redo everything. How do I tell if a demo is "good enough"?', 'A demo\'s job is to show the songs and the energy, not to be perfect. If the songs are clear, the performance has life, and nothing is distractingly wrong (timing trainwrecks, an out-of-tune bass), it\'s good enough. Fix only what a first-time listener would notice, and save perfectionism for the real record.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'tmp-maya-class', persona: 'maya', question: 'When did I start the pottery class?', answer: '2024-03-05', evidence: ['maya-firstclass#0'] },
  { id: 'tmp-maya-adopt', persona: 'maya', question: 'When did I adopt Biscuit?', answer: '2024-02-10', evidence: ['maya-biscuit#0'] },
  { id: 'tmp-maya-10k', persona: 'maya', question: 'When is my 10K race?', answer: 'June 9', evidence: ['maya-race#0'] },
  { id: 'tmp-maya-teeth', persona: 'maya', question: 'When did I get my wisdom teeth removed?', answer: '2024-05-17', evidence: ['maya-teeth#0'] },
  { id: 'tmp-sam-tooth', persona: 'sam', question: 'When did Nora lose her first tooth?', answer: '2024-03-18', evidence: ['sam-tooth#0'] },
  { id: 'tmp-sam-anniversary', persona: 'sam', question: 'When is my wedding anniversary?', answer: 'August 22', evidence: ['sam-anniversary#0'] },
  { id: 'tmp-sam-promotion', persona: 'sam', question: 'When was I promoted to staff engineer?', answer: '2024-05-23', evidence: ['sam-promo#0'] },
  { id: 'tmp-sam-tesla', persona: 'sam', question: 'When did I buy the Tesla?', answer: '2024-04-25', evidence: ['sam-tesla#0'] },
  { id: 'tmp-priya-tomatoes', persona: 'priya', question: 'When did I plant the tomatoes?', answer: '2024-05-11', evidence: ['priya-tomatoes#0'] },
  { id: 'tmp-priya-exam', persona: 'priya', question: 'When is my grade 8 exam?', answer: '22 June', evidence: ['priya-exam#0'] },
  { id: 'tmp-priya-boiler', persona: 'priya', question: 'When did the boiler break down?', answer: '2024-01-22', evidence: ['priya-boiler#0'] },
  { id: 'tmp-priya-museum', persona: 'priya', question: 'On what day did I take Year 11 to the Natural History Museum?', answer: '2024-03-14', evidence: ['priya-museum#0'] },
  { id: 'tmp-tom-chair', persona: 'tom', question: 'When did I finish the rocking chair?', answer: '2024-04-27', evidence: ['tom-chair-done#0'] },
  { id: 'tmp-tom-party', persona: 'tom', question: 'When is Ellie\'s birthday party?', answer: 'May 18', evidence: ['tom-party#0'] },
  { id: 'tmp-tom-eagle', persona: 'tom', question: 'When did I see the bald eagle?', answer: '2024-03-02', evidence: ['tom-eagle#0'] },
  { id: 'tmp-tom-cataract', persona: 'tom', question: 'When was my cataract surgery?', answer: '2024-02-13', evidence: ['tom-cataract#0'] },
  { id: 'tmp-lena-spanish', persona: 'lena', question: 'When did I sign up for the Spanish class?', answer: '2024-01-15', evidence: ['lena-spanish#0'] },
  { id: 'tmp-lena-v5', persona: 'lena', question: 'When did I climb my first V5?', answer: '2024-04-08', evidence: ['lena-climb#0'] },
  { id: 'tmp-lena-ccrn', persona: 'lena', question: 'When is my CCRN exam?', answer: 'July 10', evidence: ['lena-ccrn#0'] },
  { id: 'tmp-lena-demo', persona: 'lena', question: 'What date did we record the demo?', answer: '2024-04-14', evidence: ['lena-demo#0'] },
  // The other way round: the question names the day, the round says what happened (often a day or two later).
  { id: 'tmp-on-maya-class', persona: 'maya', question: 'What did I do on the evening of 5 March 2024?', answer: 'pottery class', evidence: ['maya-firstclass#0'] },
  { id: 'tmp-on-sam-dinner', persona: 'sam', question: 'What happened at dinner on March 18, 2024?', answer: 'Nora lost her first tooth', evidence: ['sam-tooth#0'] },
  { id: 'tmp-on-sam-news', persona: 'sam', question: 'What news did I share on 23 May 2024?', answer: 'promoted to staff engineer', evidence: ['sam-promo#0'] },
  { id: 'tmp-on-priya-garden', persona: 'priya', question: 'What did I plant on 11 May 2024?', answer: 'tomatoes', evidence: ['priya-tomatoes#0'] },
  { id: 'tmp-on-priya-flat', persona: 'priya', question: 'What broke in my flat on 22 January 2024?', answer: 'boiler', evidence: ['priya-boiler#0'] },
  { id: 'tmp-on-tom-finished', persona: 'tom', question: 'What did I finish on 27 April 2024?', answer: 'rocking chair', evidence: ['tom-chair-done#0'] },
  { id: 'tmp-on-tom-bird', persona: 'tom', question: 'What bird did I see on 2 March 2024?', answer: 'bald eagle', evidence: ['tom-eagle#0'] },
  { id: 'tmp-on-lena-band', persona: 'lena', question: 'What did the band do on 14 April 2024?', answer: 'recorded demo', evidence: ['lena-demo#0'] },
];
