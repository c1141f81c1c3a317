/** Answers that take two or more sessions together: counts, sums, lists gathered over weeks. */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-miso', persona: 'maya', at: '2024-04-27T17:30:00Z', rounds: [
    ['we adopted a kitten! her name is Miso, she\'s tiny and grey and already terrorising the dog. how do I introduce them properly?', 'Go slowly: keep Miso in a separate room for a few days with her litter, food and bed, swap bedding so they learn each other\'s scent, then do short supervised meetings with the dog on a lead. Give her escape routes up high, reward calm behaviour from both, and don\'t leave them alone together until they\'re relaxed.'],
  ] },
  { id: 'maya-chicago', persona: 'maya', at: '2024-03-25T19:00:00Z', rounds: [
    ['just got back from a long weekend in Chicago for a design conference. the architecture boat tour was the highlight. how do I turn my conference notes into something useful for my team?', 'Turn them into a one-page digest: three ideas worth trying, each with a sentence on why it matters to your team and a small experiment you could run, plus links to the best talks. Share it in a 15-minute show-and-tell rather than a long doc nobody reads.'],
  ] },
  { id: 'maya-denver', persona: 'maya', at: '2024-05-06T17:00:00Z', rounds: [
    ['Denver was gorgeous, we hiked Red Rocks the morning after my friend\'s wedding, but the altitude headache was no joke. why does that happen even at only a mile up?', 'At around 5,280 ft there\'s noticeably less oxygen in each breath, and the body reacts before it acclimatises — mild headaches, poor sleep and dehydration are common on day one or two. Drink more water than usual, go easy on alcohol, and take the first day gently.'],
  ] },
  { id: 'maya-clay', persona: 'maya', at: '2024-03-13T20:00:00Z', rounds: [
    ['bought a 25 lb bag of stoneware clay for $45 so I can practise at open studio. how do I keep it from drying out between sessions?', 'Keep it double-bagged and tightly twisted, squeeze the air out, and store it somewhere cool. A damp towel inside the outer bag helps. If it stiffens, wrap it in a wet towel overnight or slice it and wedge in some water.'],
  ] },
  { id: 'maya-tools', persona: 'maya', at: '2024-04-18T19:00:00Z', rounds: [
    ['splurged $120 on a proper tool kit and a banding wheel at the studio sale. which tools will I actually use every session?', 'The everyday ones: a wire cutter, a needle tool, a wooden rib and a metal rib, a sponge on a stick, a trimming tool with a loop end, and a chamois for rims. The banding wheel is great for decorating and attaching handles.'],
  ] },
  { id: 'maya-mug', persona: 'maya', at: '2024-04-04T20:00:00Z', rounds: [
    ['my first mug came out of the bisque firing in one piece!! the handle is a bit wonky but I love it. what glaze would look good on a speckled clay?', 'Speckled clay looks lovely under a semi-transparent or satin white glaze that lets the iron spots bleed through — a satin white or a light celadon are classics. Avoid very opaque glazes that hide the speckle.'],
  ] },
  { id: 'maya-bowl', persona: 'maya', at: '2024-05-16T19:30:00Z', rounds: [
    ['finished a serving bowl in class, big enough for a salad for four, no cracks! should I sign it on the bottom before trimming or after?', 'Sign after trimming, once the bowl is leather-hard — trimming would scrape off anything earlier. Use a needle tool or a stamp. Many potters add the year too.'],
  ] },
  { id: 'sam-cap10k', persona: 'sam', at: '2024-04-08T14:00:00Z', rounds: [
    ['Ran the Capitol 10K yesterday in 44:10, a PR by almost a minute. how long should I wait before a hard workout?', 'Nice PR! A common rule is one easy day per mile raced — so about six days before another hard session. Keep this week to easy runs and strides, then ease back into workouts.'],
  ] },
  { id: 'sam-zilker', persona: 'sam', at: '2024-06-23T17:00:00Z', rounds: [
    ['Zilker Half Marathon done this morning, 1:38, and I nearly lost my breakfast at the finish but whatever. best recovery food?', 'Congrats! Have carbs and protein within the hour — a smoothie with yogurt and fruit, or eggs on toast — plus plenty of fluids with electrolytes. A bigger meal in a few hours, an easy walk this evening, and no hard running for about a week.'],
  ] },
  { id: 'sam-leo', persona: 'sam', at: '2024-03-07T21:30:00Z', rounds: [
    ['my son Leo (4) has decided he only eats beige food. pasta, crackers, toast. is this a phase?', 'Very common at four, and usually a phase. Keep offering a small amount of another food alongside the safe ones without pressure, let him help cook or shop, and eat the same foods together. If his growth or energy worries you, check with his pediatrician.'],
  ] },
  { id: 'sam-portuguese', persona: 'sam', at: '2024-02-28T18:00:00Z', rounds: [
    ['hit a 60 day streak on Duolingo Portuguese! we\'re going to Lisbon next year so I want to at least order food. what should I add beyond the app?', 'Nice streak! Add listening: the Practice Portuguese podcast teaches European Portuguese, which matters for Lisbon (Duolingo teaches Brazilian). Learn food vocabulary with flashcards, and try ordering out loud with a tutor once a week.'],
  ] },
  { id: 'sam-japanese', persona: 'sam', at: '2024-05-14T23:00:00Z', rounds: [
    ['started a Japanese class on weeknights with a coworker, mostly for reading docs and manga lol. hiragana or katakana first?', 'Hiragana first — it\'s used for grammar endings and native words everywhere, and you\'ll read simple sentences within weeks. Katakana next (loanwords, very handy for tech terms), then start kanji gradually with the most common ones.'],
  ] },
  { id: 'sam-shoes', persona: 'sam', at: '2024-03-22T16:00:00Z', rounds: [
    ['dropped $140 on new Saucony Endorphin Speeds. how many miles before I should rotate them in with my old pair?', 'Start rotating them in right away — use the new pair for workouts and a run or two a week, and the old pair for easy miles until it hits about 300–500 miles. Rotating shoes spreads the wear and lets the foam recover between runs.'],
  ] },
  { id: 'sam-watch', persona: 'sam', at: '2024-05-20T15:00:00Z', rounds: [
    ['bought a Garmin Forerunner 265 for $250 after my old watch died mid-run. which settings should I change first?', 'Set your max and resting heart rate (or let it detect them), add your heart-rate zones, turn on auto-lap at 1 mile, customise one data screen with pace, distance and heart rate, and enable the morning report. Turn off notifications during activities if they distract you.'],
  ] },
  { id: 'priya-courgettes', persona: 'priya', at: '2024-05-25T09:30:00Z', rounds: [
    ['The courgettes are already going mad — I planted three and I think that was two too many. How do I keep on top of them?', 'Pick them small, every day or two — the more you pick, the more they produce, and small ones taste better. Give away the glut, grate them into bakes and fritters, and check under the leaves: one hides and becomes a marrow overnight.'],
  ] },
  { id: 'priya-beans', persona: 'priya', at: '2024-06-01T10:00:00Z', rounds: [
    ['Runner beans are finally up the canes. Do I need to pinch the tops out?', 'Yes, once they reach the top of the canes pinch out the growing tips. That stops them getting top-heavy and pushes energy into side shoots and pods lower down, where you can reach them.'],
  ] },
  { id: 'priya-norway', persona: 'priya', at: '2024-04-08T19:00:00Z', rounds: [
    ['Back from Easter in Norway — the fjords were unreal but my wallet is crying. Any tips for making holidays cheaper next time?', 'Go self-catering and shop at supermarkets, book trains and ferries early, travel in shoulder season, use city passes where they bundle transport and museums, and set a daily budget in a notes app. Picnics with a view are free.'],
  ] },
  { id: 'priya-portugal', persona: 'priya', at: '2024-06-05T18:00:00Z', rounds: [
    ['Half term in Portugal was exactly what I needed. Now I\'ve got a suitcase of sandy laundry and 90 reports to write. How do I make report-writing less soul-destroying?', 'Build a bank of sentence starters for strengths, targets and effort, then personalise one specific detail per student. Do them in batches of ten with a short break between, hardest students first while you\'re fresh.'],
  ] },
  { id: 'priya-gc1', persona: 'priya', at: '2024-04-27T12:00:00Z', rounds: [
    ['Went to the garden centre and came back with 4 lavender plants and a rosemary. Sun or shade for those?', 'Full sun for both, and well-drained soil — they\'re Mediterranean and hate wet feet. Add grit to heavy soil, water them in well, then only in dry spells once established.'],
  ] },
  { id: 'priya-gc2', persona: 'priya', at: '2024-05-30T11:00:00Z', rounds: [
    ['Another garden centre trip, another 3 salvias for the front border. Do they need deadheading?', 'Yes — cut spent flower spikes back to the next pair of buds and they\'ll keep flowering into autumn. Leave the last flush over winter for the bees and cut back in spring.'],
  ] },
  { id: 'tom-twins', persona: 'tom', at: '2024-03-30T15:00:00Z', rounds: [
    ['Mike\'s twins, Owen and Jack, turned nine today and they want to learn to whittle. Is nine too young for a pocket knife?', 'Nine is a common age to start with supervision. Use a small fixed or locking blade, teach them to always cut away from the body and sit with elbows on knees, and give them cut-resistant gloves. Start with soft basswood and simple shapes.'],
  ] },
  { id: 'tom-cardinal', persona: 'tom', at: '2024-02-14T14:30:00Z', rounds: [
    ['A pair of cardinals showed up at the feeder this morning, first this winter. Bright red against the snow. What do they like best?', 'Sunflower and safflower seeds are their favourites, on a platform or a feeder with a wide perch — they don\'t like cramped tube feeders. Dense shrubs nearby make them feel safe.'],
  ] },
  { id: 'tom-woodpecker', persona: 'tom', at: '2024-04-10T13:00:00Z', rounds: [
    ['Pileated woodpecker on the suet feeder today, big as a crow. Is suet okay to leave out now that it\'s warming up?', 'In warm weather regular suet goes rancid and soft, so switch to no-melt suet doughs and keep the feeder in the shade. Stop if it starts to drip — melted fat can mat feathers.'],
  ] },
  { id: 'tom-chisel', persona: 'tom', at: '2024-03-07T16:00:00Z', rounds: [
    ['Treated myself to a set of Narex chisels, $95. How do I flatten the backs properly?', 'Lap just the first inch or two of the back on a flat coarse stone or sandpaper on glass, working through the grits until it\'s mirror-polished at the edge. You don\'t need the whole back flat — only the part behind the cutting edge.'],
  ] },
  { id: 'lena-ve', persona: 'lena', at: '2024-01-27T19:00:00Z', rounds: [
    ['Tried Vertical Endeavors for the first time, the auto-belay wall was fun but I\'m a boulderer at heart. How do I get into lead climbing eventually?', 'Take the gym\'s top-rope belay class first, then a lead course once you\'re climbing comfortably a few grades below your limit on top rope. Practise clipping on the ground, then on easy routes with a patient belayer.'],
  ] },
  { id: 'lena-mbp', persona: 'lena', at: '2024-03-23T18:00:00Z', rounds: [
    ['Day pass at Minneapolis Bouldering Project today — the setting is so different from what I\'m used to. Why do some gyms feel so much harder?', 'Grades are local opinions: each gym\'s setters have their own scale and style, so the same number can feel very different. Styles differ too — one gym sets powerful and steep, another technical slab. Give it a few sessions before judging.'],
  ] },
  { id: 'lena-duluth', persona: 'lena', at: '2024-02-25T17:00:00Z', rounds: [
    ['Played our first out-of-town show in Duluth last night, 40 people showed up in a snowstorm!! How do we turn that into a bigger crowd next time?', 'Collect emails at the merch table, post photos and tag the venue and the other bands, thank everyone who came, and book a return date while they remember you. Swap shows with a local band there — you bring them to your town, they bring you back.'],
  ] },
  { id: 'lena-madison', persona: 'lena', at: '2024-05-12T16:00:00Z', rounds: [
    ['Madison show was packed, people knew the words to one of our songs??? How do we make merch that doesn\'t lose money?', 'Start small: one shirt design in a few sizes, stickers and buttons (cheap and high margin). Print on demand or short runs, price shirts around double your cost, and take cards with a phone reader.'],
  ] },
  { id: 'lena-extra1', persona: 'lena', at: '2024-03-12T15:00:00Z', rounds: [
    ['Picked up three extra shifts this month because we\'re short-staffed. How do I not burn out?', 'Protect your recovery days: sleep first, plan easy meals ahead, keep one thing you enjoy on each day off, and say no to anything beyond what you\'ve committed to. Watch for warning signs — dreading work, irritability, poor sleep — and talk to your manager early.'],
  ] },
  { id: 'lena-extra2', persona: 'lena', at: '2024-04-15T15:30:00Z', rounds: [
    ['Said yes to two more extra shifts this month, I know, I know. Quick meals I can batch on a day off?', 'Batch a big tray of roasted veg and chicken thighs, a pot of chili or lentil soup, overnight oats for five days, and a grain you can reuse. Portion everything into containers so grabbing a meal takes zero thought.'],
  ] },
  { id: 'lena-mei', persona: 'lena', at: '2024-04-02T20:00:00Z', rounds: [
    ['Mei, our guitarist, wants to add a second guitar part to everything. How do I tell her it\'s getting muddy without a fight?', 'Make it about the song, not her: record a rehearsal and listen together, then try a version with and without the extra part. Suggest she keep it for choruses or bridges so it lands harder when it comes in.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'ms-maya-pets', persona: 'maya', question: 'How many pets do I have?', answer: 'two: Biscuit the dog and Miso the cat', evidence: ['maya-biscuit#0', 'maya-miso#0'] },
  { id: 'ms-maya-cities', persona: 'maya', question: 'Which two cities did I visit this spring?', answer: 'Chicago and Denver', evidence: ['maya-chicago#0', 'maya-denver#0'] },
  { id: 'ms-maya-spent', persona: 'maya', question: 'How much have I spent on pottery supplies in total?', answer: '$165', evidence: ['maya-clay#0', 'maya-tools#0'] },
  { id: 'ms-maya-pieces', persona: 'maya', question: 'What have I made in pottery class so far?', answer: 'a mug and a serving bowl', evidence: ['maya-mug#0', 'maya-bowl#0'] },
  { id: 'ms-sam-races', persona: 'sam', question: 'Which races have I run this year?', answer: 'the Capitol 10K and the Zilker Half Marathon', evidence: ['sam-cap10k#0', 'sam-zilker#0'] },
  { id: 'ms-sam-kids', persona: 'sam', question: 'How many kids do I have?', answer: 'two: Nora and Leo', evidence: ['sam-daughter#0', 'sam-leo#0'] },
  { id: 'ms-sam-languages', persona: 'sam', question: 'Which languages am I learning?', answer: 'Portuguese and Japanese', evidence: ['sam-portuguese#0', 'sam-japanese#0'] },
  { id: 'ms-sam-gear', persona: 'sam', question: 'How much did the new running shoes and the watch cost together?', answer: '$390', evidence: ['sam-shoes#0', 'sam-watch#0'] },
  { id: 'ms-priya-veg', persona: 'priya', question: 'Which vegetables am I growing this year?', answer: 'tomatoes, courgettes and runner beans', evidence: ['priya-tomatoes#0', 'priya-courgettes#0', 'priya-beans#0'] },
  { id: 'ms-priya-countries', persona: 'priya', question: 'Which countries did I go to in the school holidays?', answer: 'Norway and Portugal', evidence: ['priya-norway#0', 'priya-portugal#0'] },
  { id: 'ms-priya-plants', persona: 'priya', question: 'How many plants have I bought at the garden centre?', answer: '8', evidence: ['priya-gc1#0', 'priya-gc2#0'] },
  { id: 'ms-priya-books', persona: 'priya', question: 'Which books has my book club read this year?', answer: 'Piranesi and Klara and the Sun', evidence: ['priya-piranesi#0', 'priya-klara#0'] },
  { id: 'ms-tom-grandkids', persona: 'tom', question: 'How many grandchildren do I have?', answer: 'three: Ellie, Owen and Jack', evidence: ['tom-grandkid#0', 'tom-twins#0'] },
  { id: 'ms-tom-feeder', persona: 'tom', question: 'Which birds have shown up at my feeders?', answer: 'cardinals and a pileated woodpecker', evidence: ['tom-cardinal#0', 'tom-woodpecker#0'] },
  { id: 'ms-tom-spent', persona: 'tom', question: 'How much did I spend on the cherry lumber and the chisels altogether?', answer: '$275', evidence: ['tom-wood#0', 'tom-chisel#0'] },
  { id: 'ms-tom-family', persona: 'tom', question: 'What are my son\'s and my granddaughter\'s names?', answer: 'Mike and Ellie', evidence: ['tom-burlington#0', 'tom-grandkid#0'] },
  { id: 'ms-lena-gyms', persona: 'lena', question: 'Which climbing gyms have I been to?', answer: 'Vertical Endeavors and Minneapolis Bouldering Project', evidence: ['lena-ve#0', 'lena-mbp#0'] },
  { id: 'ms-lena-shows', persona: 'lena', question: 'Where has my band played out of town?', answer: 'Duluth and Madison', evidence: ['lena-duluth#0', 'lena-madison#0'] },
  { id: 'ms-lena-extra', persona: 'lena', question: 'How many extra shifts did I pick up in March and April?', answer: '5', evidence: ['lena-extra1#0', 'lena-extra2#0'] },
  { id: 'ms-lena-bandmates', persona: 'lena', question: 'Who plays in my band with me?', answer: 'Jonah and Mei', evidence: ['lena-garage#0', 'lena-mei#0'] },
];
