/** What the user likes, dislikes, eats or chooses, said on the way to asking for something else. */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-tea', persona: 'maya', at: '2024-01-26T16:30:00Z', rounds: [
    ['my coworker gave me a sampler of green teas and honestly they all taste like lawn clippings to me. oolong person through and through. what do I do with these, regift?', 'Regifting is fair! Or use them: cold-brewed green tea is much less grassy and makes a nice base for iced tea with citrus, and matcha can go into baking. For yourself, a roasted Taiwanese oolong or a Wuyi rock tea would be a treat — rich and toasty.'],
  ] },
  { id: 'maya-cilantro', persona: 'maya', at: '2024-03-08T19:00:00Z', rounds: [
    ['making tacos for friends tonight. I\'ll leave out the cilantro since it tastes like soap to me, but what else gives that fresh green hit on top?', 'Good swaps: finely sliced scallions, a handful of fresh mint or parsley with lime juice, quick-pickled red onion, shredded cabbage with lime, or a salsa verde made with tomatillos and parsley instead.'],
    ['pickled onion it is', 'Great choice — thin slices, lime or vinegar, a pinch of salt and sugar, and 20 minutes is enough.'],
  ] },
  { id: 'maya-music', persona: 'maya', at: '2024-04-24T15:45:00Z', rounds: [
    ['I focus best with lo-fi jazz playing, nothing with words. can you suggest some artists so I\'m not stuck on the same stream forever?', 'Try Nujabes for jazzy hip-hop beats, Kiefer for piano-led lo-fi, Tomppabeats for mellow loops, and the Jinsang and Idealism catalogues. For more live-band jazz with no vocals, BadBadNotGood\'s instrumental albums work well too.'],
  ] },
  { id: 'maya-aisle', persona: 'maya', at: '2024-05-28T17:10:00Z', rounds: [
    ['booking flights for a wedding in July. I always take an aisle seat, I get claustrophobic by the window. is it worth paying for seat selection on a 5 hour flight?', 'On a five-hour flight, if you care about the aisle specifically, paying usually is worth it — free seating tends to hand out middles and windows. A cheaper trick is to check in the moment check-in opens, or choose a fare that includes seat selection.'],
  ] },
  { id: 'sam-ethiopian', persona: 'sam', at: '2024-02-23T21:00:00Z', rounds: [
    ['date night tomorrow and I get to pick the restaurant. honestly nothing beats Ethiopian for me, I\'d eat injera every day of my life. how do I make it feel more special than our usual spot?', 'Make it an occasion: reserve a table, order a big shared platter with a few dishes you\'ve never tried, and do the coffee ceremony if they offer it. Gursha — feeding each other a bite — is a sweet tradition too. A small card doesn\'t hurt.'],
  ] },
  { id: 'sam-spaces', persona: 'sam', at: '2024-03-13T15:30:00Z', rounds: [
    ['settling a team argument: what does mix format do about indentation? I\'m firmly a two-spaces person and refuse to be converted', 'mix format always indents with two spaces and that isn\'t configurable — the formatter decides, so the argument is settled in your favour. You can tweak line length and plugins in .formatter.exs, but not the indentation.'],
  ] },
  { id: 'sam-morning', persona: 'sam', at: '2024-04-03T11:00:00Z', rounds: [
    ['just back from my usual run before sunrise — 5:30 am is my favourite time, the streets are empty. any tips for running in the dark safely?', 'Wear something bright plus reflective bands on ankles and wrists (movement catches the eye), carry a headlamp or clip light, run against traffic where there\'s no sidewalk, and stick to familiar routes. Let someone know your route, and keep one earbud out or the volume low.'],
  ] },
  { id: 'sam-horror', persona: 'sam', at: '2024-05-17T21:30:00Z', rounds: [
    ['movie night with friends, and someone will inevitably suggest a horror movie. I can\'t do horror, I don\'t sleep for days. what\'s a crowd-pleaser that\'s tense but not scary?', 'Good tense-not-scary picks: Knives Out or Glass Onion (mystery), The Fugitive or Mission: Impossible – Fallout (thrillers), or Arrival (eerie, not frightening). All gripping, none will keep you up.'],
  ] },
  { id: 'priya-elgar', persona: 'priya', at: '2024-02-08T20:00:00Z', rounds: [
    ['Listening to the Du Pré recording of the Elgar concerto for the hundredth time. Nobody moves me like Elgar. Who else should I be listening to if I love him?', 'If Elgar moves you, try Vaughan Williams (The Lark Ascending, the Tallis Fantasia), Finzi\'s Cello Concerto, Walton\'s Cello Concerto, and Brahms\'s symphonies, which Elgar adored. For cello specifically, Bloch\'s Schelomo is gorgeous.'],
  ] },
  { id: 'priya-spice', persona: 'priya', at: '2024-03-29T19:00:00Z', rounds: [
    ['Farhan\'s family are coming for Eid and his mum cooks with SO much chilli. I can\'t handle much heat — a mild korma is about my limit. How do I survive dinner politely?', 'Keep plain yoghurt or raita on your plate (dairy tames capsaicin far better than water), take small bites with plenty of rice or bread, and load up on the milder dishes. A mango lassi is your friend. It\'s fine to say you love the flavour but have a low heat tolerance — most cooks take that as a compliment.'],
  ] },
  { id: 'priya-walking', persona: 'priya', at: '2024-04-11T18:20:00Z', rounds: [
    ['Planning the summer holiday. Beach resorts bore me stiff; give me a walking holiday with a fell to climb and a flask of tea any day. Somewhere in the UK we haven\'t done — we\'ve done the Lakes to death.', 'Try the Cairngorms (big open plateaus, Loch an Eilein), Eryri/Snowdonia (Tryfan if you scramble), the Brecon Beacons for gentler ridge walks, or the Northumberland coast path with Cheviot day trips.'],
  ] },
  { id: 'priya-lilies', persona: 'priya', at: '2024-05-21T16:40:00Z', rounds: [
    ['A parent gave me a massive bouquet for end of term and it\'s full of lilies, which I can\'t stand — the smell gives me a headache. Is it rude to take them out?', 'Not rude at all — it\'s your home. Pull the lilies out and enjoy the rest; the bouquet will still look lovely. Give them to a colleague or neighbour who likes them.'],
  ] },
  { id: 'tom-bluegrass', persona: 'tom', at: '2024-02-17T22:00:00Z', rounds: [
    ['Found a box of my old records in the basement. Bill Monroe, Flatt & Scruggs, the Stanley Brothers — that old bluegrass is still the only music that does anything for me. How do I clean vinyl without ruining it?', 'Nice find. Use a carbon-fibre brush for dust, then for grime a solution of distilled water with a few drops of dish soap, applied with a microfibre cloth along the grooves, never across. Rinse with distilled water and air-dry in a rack. Store them upright in new inner sleeves.'],
  ] },
  { id: 'tom-cruise', persona: 'tom', at: '2024-03-21T15:00:00Z', rounds: [
    ['My son keeps pushing a cruise for my 70th. I wouldn\'t set foot on one of those floating shopping malls, too many people. How do I say no without hurting his feelings?', 'Thank him for thinking big, then offer something you\'d genuinely enjoy so it\'s a redirect, not a rejection: "I love that you want to do something special. Cruises aren\'t for me — crowds wear me out — but a long weekend at a cabin up north with the family would mean the world." People mostly want to celebrate you; give them a way to do it.'],
  ] },
  { id: 'tom-coffee', persona: 'tom', at: '2024-04-05T12:00:00Z', rounds: [
    ['My daughter-in-law got me one of those fancy espresso machines. I take my coffee black, no sugar, out of a diner mug. Can I make plain regular coffee with this thing?', 'You can: pull a shot (or a double) and top it up with hot water — that\'s an Americano, and it tastes close to strong drip coffee. Drink it black from your diner mug and nobody needs to know it came from a fancy machine.'],
  ] },
  { id: 'tom-westerns', persona: 'tom', at: '2024-05-09T19:30:00Z', rounds: [
    ['Finished my last Louis L\'Amour again. Westerns are about all I read these days. Any authors in that vein I might\'ve missed?', 'Try Elmer Kelton (The Time It Never Rained), Larry McMurtry\'s Lonesome Dove, Zane Grey\'s Riders of the Purple Sage, Charles Portis\'s True Grit, and Jack Schaefer\'s Shane. For newer work, C.J. Box writes modern western mysteries.'],
  ] },
  { id: 'lena-sours', persona: 'lena', at: '2024-01-30T21:30:00Z', rounds: [
    ['band hang at a brewery after practice. I only drink sours, IPAs taste like pine needles to me. what should I ask for if they don\'t have a sour on tap?', 'Ask for a gose or a Berliner weisse (tart and light), a fruited wheat beer, or a lambic or kriek if they have bottles. If none of those, a crisp pilsner or a cider is the safest non-hoppy fallback.'],
  ] },
  { id: 'lena-postpunk', persona: 'lena', at: '2024-03-18T20:00:00Z', rounds: [
    ['trying to write basslines that sound more like the post-punk stuff I love playing — Joy Division, Gang of Four, Protomartyr. what makes those lines work?', 'Post-punk basslines often carry the melody: play high on the neck (Peter Hook style) with a pick, use repetitive, driving eighth-note figures, leave space for the guitar to be angular, and lean on a bit of chorus or overdrive. Think hooks, not root notes.'],
  ] },
  { id: 'lena-winter', persona: 'lena', at: '2024-02-20T15:00:00Z', rounds: [
    ['everyone here complains about winter but honestly I love it. give me minus twenty over a humid August any day. any good winter things to do around Minneapolis I haven\'t done?', 'You\'re in the right city! Try the Luminary Loppet on Lake of the Isles, the Art Shanty Projects on the ice, fat-tire biking at Theodore Wirth Park, a lakeside sauna followed by a cold plunge, and the Saint Paul Winter Carnival\'s ice palace when it\'s on.'],
  ] },
  { id: 'lena-snacks', persona: 'lena', at: '2024-04-28T14:30:00Z', rounds: [
    ['packing for a twelve-hour tomorrow. my shift snack is always string cheese and clementines, but I get bored. anything similar that survives a locker with no fridge?', 'Good no-fridge options: roasted chickpeas, trail mix, apples or bananas, peanut butter crackers, jerky, shelf-stable hummus cups, and wax-coated mini cheeses last a shift fine. Pack water and electrolytes too.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'pref-maya-tea', persona: 'maya', question: 'What kind of tea do I like?', answer: 'oolong', evidence: ['maya-tea#0'] },
  { id: 'pref-maya-cilantro', persona: 'maya', question: 'Should you put cilantro in a recipe for me?', answer: 'no, cilantro tastes like soap to me', evidence: ['maya-cilantro#0'] },
  { id: 'pref-maya-music', persona: 'maya', question: 'What do I like to listen to while I work?', answer: 'lo-fi jazz, nothing with words', evidence: ['maya-music#0'] },
  { id: 'pref-maya-seat', persona: 'maya', question: 'Which seat should I book for my flight?', answer: 'an aisle seat', evidence: ['maya-aisle#0'] },
  { id: 'pref-sam-cuisine', persona: 'sam', question: 'What\'s my favourite cuisine?', answer: 'Ethiopian', evidence: ['sam-ethiopian#0'] },
  { id: 'pref-sam-indent', persona: 'sam', question: 'Do I prefer tabs or spaces?', answer: 'two spaces', evidence: ['sam-spaces#0'] },
  { id: 'pref-sam-run-time', persona: 'sam', question: 'What time of day do I like to run?', answer: 'before sunrise, 5:30 am', evidence: ['sam-morning#0'] },
  { id: 'pref-sam-movies', persona: 'sam', question: 'Is there a kind of movie I avoid?', answer: 'horror', evidence: ['sam-horror#0'] },
  { id: 'pref-priya-composer', persona: 'priya', question: 'Who is my favourite composer?', answer: 'Elgar', evidence: ['priya-elgar#0'] },
  { id: 'pref-priya-heat', persona: 'priya', question: 'How spicy do I like my food?', answer: 'not much heat, a mild korma is my limit', evidence: ['priya-spice#0'] },
  { id: 'pref-priya-holidays', persona: 'priya', question: 'What sort of holiday do I enjoy?', answer: 'a walking holiday', evidence: ['priya-walking#0'] },
  { id: 'pref-priya-flowers', persona: 'priya', question: 'Which flowers should nobody give me?', answer: 'lilies', evidence: ['priya-lilies#0'] },
  { id: 'pref-tom-music', persona: 'tom', question: 'What music do I like?', answer: 'old bluegrass', evidence: ['tom-bluegrass#0'] },
  { id: 'pref-tom-cruise', persona: 'tom', question: 'Would I enjoy a cruise for my birthday?', answer: 'no, too many people', evidence: ['tom-cruise#0'] },
  { id: 'pref-tom-coffee', persona: 'tom', question: 'How do I take my coffee?', answer: 'black, no sugar', evidence: ['tom-coffee#0'] },
  { id: 'pref-tom-books', persona: 'tom', question: 'What kind of books do I read?', answer: 'westerns', evidence: ['tom-westerns#0'] },
  { id: 'pref-lena-beer', persona: 'lena', question: 'What beer should I order?', answer: 'a sour', evidence: ['lena-sours#0'] },
  { id: 'pref-lena-genre', persona: 'lena', question: 'What genre do I love playing?', answer: 'post-punk', evidence: ['lena-postpunk#0'] },
  { id: 'pref-lena-cold', persona: 'lena', question: 'Do I mind the cold?', answer: 'no, I love winter', evidence: ['lena-winter#0'] },
  { id: 'pref-lena-snacks', persona: 'lena', question: 'What do I usually snack on during shifts?', answer: 'string cheese and clementines', evidence: ['lena-snacks#0'] },
];
