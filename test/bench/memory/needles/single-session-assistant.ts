/** Things the assistant said or recommended: the answer stands in the reply, not in what the user wrote. */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-back', persona: 'maya', at: '2024-02-20T17:30:00Z', rounds: [
    ['Between the desk job and the wheel my lower back is wrecked. Nothing sharp, just achy and stiff by evening. Anything I can do at home?', 'For a dull, stiff lower back, gentle movement usually helps more than rest. Try the cat-cow stretch for a minute, then pelvic tilts lying on your back (10 slow reps), and a child\'s pose hold for 30 seconds. At the wheel, raise your stool or put a block under your feet so you\'re not hunching. If you get numbness, shooting pain down a leg or it isn\'t improving in a few weeks, see a doctor or physio.'],
    ['cat-cow I know from yoga, the tilts are new. will try tonight', 'Go gently — small, slow movements are the point.'],
  ] },
  { id: 'maya-habits', persona: 'maya', at: '2024-01-09T14:20:00Z', rounds: [
    ['new year, new me, etc. I always fail at habits by week three. is there one book that actually helps instead of just yelling at you?', 'Try Tiny Habits by BJ Fogg. Its core idea is to make the new habit absurdly small — two push-ups, flossing one tooth — and anchor it right after something you already do, then celebrate immediately. It\'s practical, kind, and designed exactly for the week-three slump.'],
  ] },
  { id: 'maya-cone', persona: 'maya', at: '2024-04-02T19:15:00Z', rounds: [
    ['our studio fires to cone 6 and I\'m trying to understand glazes better. roughly how hot is that, and why do people care so much about cone vs temperature?', 'Cone 6 is roughly 2232°F (about 1222°C) at a typical firing rate. People talk in cones because a cone measures heat work — temperature and time together — so a slow firing reaches maturity at a lower peak than a fast one. Glazes are formulated to mature at a given cone, which is why matching your glaze to the studio\'s cone matters more than the number on the controller.'],
  ] },
  { id: 'maya-shop', persona: 'maya', at: '2024-05-14T20:45:00Z', rounds: [
    ['thinking of finally opening an Etsy shop for my mugs. I\'m terrible at names. something cozy, not punny-cringe?', 'A few ideas: "Kiln & Kettle", "Slow Clay Studio", "Hearth Mug Co.", "Wheelhouse Ceramics". My favourite is Kiln & Kettle — it says handmade and cozy, works for mugs and teaware, and is easy to remember.'],
    ['ooh that first one is cute. checking if it\'s taken', 'Good idea — check Etsy, Instagram and a domain search before you commit.'],
  ] },
  { id: 'sam-achilles', persona: 'sam', at: '2024-03-27T13:10:00Z', rounds: [
    ['My left Achilles has been tight and a little sore the morning after speedwork. Not swollen. What should I be doing about it?', 'Morning stiffness after speedwork is a classic early Achilles tendinopathy sign, so act now. The best-supported exercise is eccentric heel drops: stand on a step, rise on both feet, lower slowly on the sore leg only, 3 sets of 15, twice a day. Cut back on speedwork and hills for two weeks, and see a physio if it\'s swollen, creaks or hurts while walking.'],
  ] },
  { id: 'sam-oban', persona: 'sam', at: '2024-02-15T16:20:00Z', rounds: [
    ['we need background jobs with retries and scheduling in our Phoenix app. what\'s the standard choice these days?', 'Oban is the standard choice: it stores jobs in PostgreSQL (so no Redis), has retries with backoff, scheduled and cron jobs, uniqueness, and a good dashboard via Oban Web. Since you already run Postgres, it\'s usually the least-moving-parts option.'],
    ['no redis is a big plus for us. ok', 'Then it\'s an easy pick. The getting-started guide takes about half an hour.'],
  ] },
  { id: 'sam-tofu', persona: 'sam', at: '2024-01-30T20:30:00Z', rounds: [
    ['trying to make tofu that my kids will actually eat. what marinade would you do?', 'Try a miso-maple marinade: 2 tbsp white miso, 1 tbsp maple syrup, 1 tbsp soy sauce, 1 tsp rice vinegar and a little grated ginger. Press the tofu, cube it, marinate 30 minutes and bake at 425°F until the edges caramelise. Sweet-salty wins with kids.'],
  ] },
  { id: 'sam-intervals', persona: 'sam', at: '2024-05-06T12:40:00Z', rounds: [
    ['7 weeks out from a half. give me one key weekly workout, I don\'t want a whole plan', 'Make it 6 x 800 m at your 5K pace with 400 m easy jog recoveries. It builds speed endurance without wrecking you, and you can add a seventh rep in week three or four. Warm up 15 minutes easy beforehand and cool down 10 after.'],
  ] },
  { id: 'priya-slugs', persona: 'priya', at: '2024-05-02T17:45:00Z', rounds: [
    ['The slugs have absolutely demolished my hostas again. I don\'t want to use pellets because of the hedgehogs. What actually works?', 'Hedgehog-friendly options: put copper tape round the pots, sink a beer trap (a jar of cheap beer at soil level) nearby, and go out with a torch after dark to pick them off. A layer of grit or wool pellets around the crowns helps too, and encouraging frogs and birds keeps numbers down over time.'],
  ] },
  { id: 'priya-swan', persona: 'priya', at: '2024-02-27T19:50:00Z', rounds: [
    ['I\'ve been asked to play a short solo at the school spring concert. Something the kids would recognise, three or four minutes, not fiendish. Ideas?', 'The Swan from Saint-Saëns\' Carnival of the Animals is perfect: about three minutes, instantly recognisable, lyrical rather than technical, and it shows off the cello\'s singing tone. You\'ll need a piano accompanist. Alternatives: Bach\'s Air on the G String or Fauré\'s Après un rêve.'],
  ] },
  { id: 'priya-experiment', persona: 'priya', at: '2024-01-31T12:30:00Z', rounds: [
    ['Need a wow demo for Year 9 to kick off the reactions topic. Safe enough for a school lab, big visual payoff.', 'Elephant toothpaste is the classic: hydrogen peroxide (use 6 percent for school), washing-up liquid and a potassium iodide or yeast catalyst produce a huge foam column. It\'s a great hook for catalysts and exothermic reactions. Goggles and gloves on, do it on a tray, and keep the students back a couple of metres.'],
  ] },
  { id: 'priya-sourdough', persona: 'priya', at: '2024-03-23T11:30:00Z', rounds: [
    ['My sourdough keeps coming out flat and dense. I\'m shaping it and baking straight away — should it be resting somewhere?', 'Yes — give it a cold retard: after shaping, put it in a banneton in the fridge for 12 to 16 hours before baking. The slow proof builds flavour and structure and makes the dough easier to score. Bake straight from the fridge in a very hot Dutch oven.'],
  ] },
  { id: 'tom-board', persona: 'tom', at: '2024-04-16T15:15:00Z', rounds: [
    ['Making a maple cutting board for Ellie\'s mom. What finish won\'t poison anybody?', 'Use food-grade mineral oil: flood it on, let it soak in for 20 minutes, wipe off, repeat a few times over a couple of days. Then a beeswax topcoat (a board butter of beeswax and mineral oil) adds water resistance. Avoid varnishes and film finishes — they chip into food.'],
  ] },
  { id: 'tom-squirrels', persona: 'tom', at: '2024-01-29T14:00:00Z', rounds: [
    ['The squirrels are cleaning out my bird feeder every morning, the little thieves. Short of a shotgun, what works?', 'A baffle is the most reliable fix: mount the feeder on a pole with a cone or stovepipe baffle at least 4 feet off the ground, and place the pole 10 feet or more from trees, fences and the roof so they can\'t jump to it. Safflower seed helps too — cardinals love it, squirrels mostly don\'t.'],
  ] },
  { id: 'tom-merlin', persona: 'tom', at: '2024-03-14T13:30:00Z', rounds: [
    ['Heard a bird this morning I couldn\'t place, sort of a rolling trill. Is there a way to identify birds by their song with my phone?', 'Yes — the free Merlin Bird ID app from the Cornell Lab has a Sound ID feature: hold your phone up, it listens and shows the likely species live. It works offline once you download your region\'s pack. A rolling trill this time of year could be a dark-eyed junco or a chipping sparrow.'],
    ['Well I\'ll be. My grandson set up the phone, I\'ll get him to put it on.', 'Sounds like a plan — he\'ll have it running in a minute.'],
  ] },
  { id: 'tom-game', persona: 'tom', at: '2024-05-25T18:00:00Z', rounds: [
    ['The grandkids are staying over next weekend. Need a board game we can all play that won\'t bore me to tears.', 'Ticket to Ride is a great pick for mixed ages: simple rules a young kid can follow with a little help, enough strategy to keep you interested, and games last about an hour. Other options: Kingdomino (quick and easy), Outfoxed! (cooperative) or Carcassonne.'],
  ] },
  { id: 'lena-sleep', persona: 'lena', at: '2024-01-18T16:00:00Z', rounds: [
    ['Third night shift in a row and my sleep after is garbage, like 3 hours then wide awake. Any tricks that actually work?', 'A few evidence-backed ones: blackout curtains (or a good eye mask) so the room is truly dark, wraparound sunglasses on the drive home to cut morning light, and the same sleep window after every night shift. Keep the room cool, use earplugs or white noise, and avoid caffeine in the last four hours of your shift.'],
  ] },
  { id: 'lena-bass', persona: 'lena', at: '2024-03-01T20:15:00Z', rounds: [
    ['My bass is a cheap Squier from high school and the neck is basically a banana now. Budget is around $900, we play loud. What should I look at?', 'For that budget, the Fender Player Jazz Bass is the one I\'d start with: bright, punchy and cuts through distorted guitars, with a comfortable slim neck. Also try a Sterling StingRay Ray34 for a more aggressive midrange, or a used Music Man if one turns up. Play them in person if you can.'],
  ] },
  { id: 'lena-podcast', persona: 'lena', at: '2024-02-05T17:30:00Z', rounds: [
    ['I can read Spanish ok but native speakers talking fast destroys me. Any podcast to train my ear?', 'Radio Ambulante is excellent: real Latin American stories, beautifully produced, and the Lupa app pairs episodes with transcripts and slowed playback. If that\'s too fast to start, try Españolistos or Coffee Break Spanish, then move up.'],
  ] },
  { id: 'lena-warmup', persona: 'lena', at: '2024-05-19T14:00:00Z', rounds: [
    ['My fingers feel tweaky at the start of sessions. What\'s a good climbing warm-up that isn\'t just "climb easy stuff"?', 'Try 10 minutes in this order: wrist circles and finger rolls with a light resistance band, then easy traverses on big holds, then a few progressively harder problems, and only then hangs or crimpy stuff. Open-hand grips first, crimps last. If a finger pulley hurts on pressure, rest it.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'ssa-maya-back', persona: 'maya', question: 'What did you recommend for my back pain?', answer: 'cat-cow stretch, pelvic tilts and child\'s pose', evidence: ['maya-back#0'] },
  { id: 'ssa-maya-book', persona: 'maya', question: 'Which book did you suggest to help me stick to habits?', answer: 'Tiny Habits by BJ Fogg', evidence: ['maya-habits#0'] },
  { id: 'ssa-maya-cone', persona: 'maya', question: 'How hot did you say a cone 6 firing gets?', answer: 'about 2232°F (1222°C)', evidence: ['maya-cone#0'] },
  { id: 'ssa-maya-shop', persona: 'maya', question: 'What name did you like best for my Etsy shop?', answer: 'Kiln & Kettle', evidence: ['maya-shop#0'] },
  { id: 'ssa-sam-achilles', persona: 'sam', question: 'What exercise did you tell me to do for my Achilles?', answer: 'eccentric heel drops', evidence: ['sam-achilles#0'] },
  { id: 'ssa-sam-jobs', persona: 'sam', question: 'Which library did you recommend for background jobs?', answer: 'Oban', evidence: ['sam-oban#0'] },
  { id: 'ssa-sam-marinade', persona: 'sam', question: 'What marinade did you suggest so the kids would eat tofu?', answer: 'miso-maple marinade', evidence: ['sam-tofu#0'] },
  { id: 'ssa-sam-intervals', persona: 'sam', question: 'What was the key weekly workout you gave me for the half marathon?', answer: '6 x 800 m at 5K pace with 400 m jog recoveries', evidence: ['sam-intervals#0'] },
  { id: 'ssa-priya-slugs', persona: 'priya', question: 'What did you suggest to protect my hostas?', answer: 'copper tape and a beer trap', evidence: ['priya-slugs#0'] },
  { id: 'ssa-priya-solo', persona: 'priya', question: 'Which piece did you suggest for my solo at the school concert?', answer: 'The Swan by Saint-Saëns', evidence: ['priya-swan#0'] },
  { id: 'ssa-priya-demo', persona: 'priya', question: 'What demonstration did you suggest for my Year 9 class?', answer: 'elephant toothpaste', evidence: ['priya-experiment#0'] },
  { id: 'ssa-priya-sourdough', persona: 'priya', question: 'How long did you say my sourdough should rest in the fridge?', answer: '12 to 16 hours', evidence: ['priya-sourdough#0'] },
  { id: 'ssa-tom-finish', persona: 'tom', question: 'What finish did you recommend for the cutting board?', answer: 'food-grade mineral oil with a beeswax topcoat', evidence: ['tom-board#0'] },
  { id: 'ssa-tom-squirrels', persona: 'tom', question: 'How did you say I could keep squirrels off the feeder?', answer: 'a baffle on a pole', evidence: ['tom-squirrels#0'] },
  { id: 'ssa-tom-app', persona: 'tom', question: 'What was that phone app you told me about for bird songs?', answer: 'Merlin Bird ID', evidence: ['tom-merlin#0'] },
  { id: 'ssa-tom-game', persona: 'tom', question: 'What game did you suggest for when the grandkids stay over?', answer: 'Ticket to Ride', evidence: ['tom-game#0'] },
  { id: 'ssa-lena-sleep', persona: 'lena', question: 'What did you suggest to help me sleep after nights?', answer: 'blackout curtains, sunglasses on the drive home and the same sleep window', evidence: ['lena-sleep#0'] },
  { id: 'ssa-lena-bass', persona: 'lena', question: 'Which bass did you recommend for me?', answer: 'Fender Player Jazz Bass', evidence: ['lena-bass#0'] },
  { id: 'ssa-lena-podcast', persona: 'lena', question: 'Which Spanish podcast did you recommend?', answer: 'Radio Ambulante', evidence: ['lena-podcast#0'] },
  { id: 'ssa-lena-warmup', persona: 'lena', question: 'What warm-up routine did you give me for climbing?', answer: 'finger rolls with a resistance band and easy traverses', evidence: ['lena-warmup#0'] },
];
