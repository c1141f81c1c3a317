/** General questions the assistant answers: trivia, writing help, arithmetic, gadgets, everyday know-how. */
import { either, pairs, pick, type Bank, type Exchange } from './random.js';

const TRIVIA: Exchange[] = [
  ['why is the sky blue?', 'Sunlight scatters off the molecules in the air, and shorter blue wavelengths scatter much more than red ones (Rayleigh scattering), so blue light reaches your eyes from every direction of the sky.'],
  ['how do noise-cancelling headphones work?', 'Microphones pick up outside sound and the headphones play the same wave inverted, so the two cancel out. It works best on steady low sounds like engines.'],
  ['who painted the Girl with a Pearl Earring?', 'Johannes Vermeer, around 1665. It hangs in the Mauritshuis in The Hague.'],
  ['how far away is the moon?', 'About 384,400 km on average — roughly 30 Earths lined up. Light takes about 1.3 seconds to get here from there.'],
  ['why do onions make you cry?', 'Cutting them releases an enzyme that turns sulfur compounds into a gas, syn-propanethial-S-oxide, which irritates your eyes and triggers tears.'],
  ['what\'s the difference between weather and climate?', 'Weather is what the atmosphere does on a given day; climate is the long-term average and range of weather in a place, usually over 30 years.'],
  ['how many bones are in the human body?', 'An adult has 206. Babies are born with around 270; some fuse as they grow.'],
  ['why do we have leap years?', 'A year is about 365.24 days, so an extra day every four years keeps the calendar in step with the seasons — except century years not divisible by 400.'],
  ['who wrote Pride and Prejudice?', 'Jane Austen, published in 1813.'],
  ['what makes a rainbow?', 'Sunlight enters raindrops, bends, reflects off the back and bends again on the way out, splitting into colours because each wavelength bends a slightly different amount.'],
  ['how do bees make honey?', 'They collect nectar, break its sugars down with enzymes, store it in wax cells and fan it with their wings until enough water evaporates to make thick honey.'],
  ['why is the ocean salty?', 'Rain weathers rocks and rivers carry the dissolved minerals to the sea; water evaporates but the salt stays, building up over millions of years.'],
  ['what\'s the tallest mountain in the world?', 'Mount Everest, 8,849 m above sea level. Measured from base to peak, Mauna Kea in Hawaii is taller, most of it underwater.'],
  ['how do vaccines work, in a nutshell?', 'They show your immune system a harmless piece or version of a germ, so it learns to recognise it and can respond fast if the real thing ever shows up.'],
  ['when was the printing press invented?', 'Johannes Gutenberg developed his movable-type press around 1440 in Mainz.'],
  ['why do cats purr?', 'Nobody is fully sure: cats purr when content, but also when stressed or hurt, and the vibration frequency may even help healing. It comes from rapid twitching of the larynx muscles.'],
  ['what causes thunder?', 'Lightning heats the air around it to about 30,000°C in a split second; the air expands explosively and that shock wave is the thunder.'],
  ['how do plants know which way is up?', 'Special cells contain starch grains that settle with gravity, and hormones redistribute accordingly so roots grow down and shoots grow up.'],
];

const WRITING: Exchange[] = [
  ['Can you make this sound more professional: "hey, sorry, can\'t make the meeting, something came up"', '"Hi — unfortunately I won\'t be able to attend today\'s meeting due to a conflict. Could you share the notes afterwards? Happy to catch up on anything I miss."'],
  ['How do I politely decline an invitation without giving a reason?', 'Keep it warm and short: "Thank you so much for thinking of me! I won\'t be able to make it, but I hope it\'s a wonderful evening." No explanation needed.'],
  ['Is it "affect" or "effect" in "the weather will ___ our plans"?', '"Affect" — it\'s the verb. "Effect" is usually the noun: "the weather had an effect on our plans."'],
  ['Shorten this: "I am writing to inform you that the package that you ordered has been sent out today."', '"Your package shipped today."'],
  ['what\'s a nicer way to say "per my last email"?', 'Try "Just to recap what I mentioned earlier…" or "As a quick reminder…" — same point, less bite.'],
  ['Can you give me a subject line for an email asking for a deadline extension?', '"Request: short extension for [project] deadline" — clear and easy to say yes to.'],
  ['when do I use a semicolon?', 'Between two complete sentences that are closely related ("It rained; we stayed in."), or to separate items in a list that already contains commas.'],
  ['help me write a two-line thank-you note to a neighbour who watered my plants', '"Thank you so much for looking after my plants — they\'re thriving and so am I, knowing they were in good hands. Let me return the favour anytime!"'],
  ['what\'s the difference between "fewer" and "less"?', '"Fewer" for things you can count (fewer emails), "less" for amounts you can\'t (less time).'],
  ['Make this friendlier: "Please submit your forms by the deadline."', '"Friendly reminder to send your forms in before the deadline — thank you!"'],
];

const CELSIUS = [18, 22, 25, 30, 35, -10, 0, 12];
const PERCENT = [15, 20, 12.5, 8];
const OF = [80, 240, 1250, 64, 350];
const KM = [5, 10, 21.1, 42.2, 3];

const arithmetic: Bank = (r) => {
  const kind = r();
  if (kind < 0.35) {
    const c = pick(r, CELSIUS);
    return [`what's ${c}°C in Fahrenheit?`, `${Math.round((c * 9) / 5 * 10 + 320) / 10}°F. Multiply by 9/5 and add 32.`];
  }
  if (kind < 0.7) {
    const p = pick(r, PERCENT);
    const of = pick(r, OF);
    return [`what's ${p}% of ${of}?`, `${Math.round(p * of) / 100}.`];
  }
  const km = pick(r, KM);
  return [`how many miles is ${km} km?`, `About ${Math.round(km * 0.621371 * 10) / 10} miles (1 km ≈ 0.62 miles).`];
};

const GADGETS: Exchange[] = [
  ['my wifi is slow in one room only, what can I do?', 'Move the router higher and more central, away from microwaves and thick walls, or add a mesh node or a wired access point near that room. Switching to the 5 GHz band helps at short range.'],
  ['my phone storage is full, what\'s the quickest fix?', 'Check storage settings for the biggest apps, offload or delete ones you don\'t use, clear message attachments and downloaded videos, and turn on photo backup with "optimise storage".'],
  ['why is my laptop fan so loud all of a sudden?', 'Something is working the CPU hard — check the task manager or activity monitor for a runaway process. Dust in the vents is the other usual suspect; compressed air helps.'],
  ['how do I take a screenshot on a Mac?', 'Cmd+Shift+3 for the whole screen, Cmd+Shift+4 to drag a region, Cmd+Shift+5 for the full toolbar with recording options.'],
  ['is it bad to leave my laptop plugged in all the time?', 'Modern laptops manage this well; many have a setting to hold the battery around 80%, which helps its lifespan if you\'re always plugged in.'],
  ['how do I make a strong password I can remember?', 'Use a passphrase of four or five random words, like "copper-lantern-velvet-orbit", and a password manager for everything else. Turn on two-factor authentication where you can.'],
  ['bluetooth headphones won\'t connect to my laptop anymore', 'Remove (forget) them in the laptop\'s Bluetooth settings, put the headphones back in pairing mode and pair from scratch. Make sure they aren\'t auto-connecting to your phone first.'],
  ['what does restarting actually fix?', 'It clears memory, ends stuck processes and finishes pending updates — which fixes a surprising number of slowdowns and glitches.'],
  ['how do I back up my photos properly?', 'Follow 3-2-1: three copies, on two kinds of storage, one off-site. For example, your computer, an external drive, and a cloud photo service.'],
];

const EVERYDAY: Exchange[] = [
  ['how do I get a red wine stain out of a carpet?', 'Blot (don\'t rub) with a cloth, then dab a mix of a spoon of dish soap, a spoon of white vinegar and two cups of warm water. Rinse with cold water and blot dry.'],
  ['how often should I water a snake plant?', 'Only when the soil is fully dry — every two to three weeks, less in winter. Overwatering is what kills them.'],
  ['how do I unclog a drain without chemicals?', 'Pour boiling water down, then half a cup of baking soda and a cup of vinegar; wait 15 minutes and flush with hot water. A cheap plastic drain snake pulls hair clogs out.'],
  ['tips for falling asleep faster?', 'Same wake time every day, no screens for the last half hour, a cool dark room, and if you can\'t sleep after 20 minutes, get up and do something dull until you feel sleepy.'],
  ['how do I remove a stripped screw?', 'Press a wide rubber band between the screwdriver and the screw for grip, or use a screw extractor bit. Tapping a slightly bigger bit into the head can work too.'],
  ['how do I make my to-do list less overwhelming?', 'Pick the three things that matter most today and put them on a separate short list. Everything else waits. Break anything vague into a concrete first step.'],
  ['how long should a power nap be?', 'About 10 to 20 minutes. Longer and you risk waking groggy from deep sleep.'],
  ['what\'s the easiest way to start saving money?', 'Automate it: have a set amount moved to savings on payday before you see it. Even a small amount builds the habit.'],
  ['how do I get rid of fruit flies?', 'Bowl of apple cider vinegar with a drop of dish soap, covered with plastic wrap poked with small holes. Take out the trash and don\'t leave fruit out.'],
  ['how do I sharpen a kitchen knife with a whetstone?', 'Soak the stone if it needs it, hold the blade at about 15–20 degrees, and push it across the stone edge-first in smooth strokes, the same number on each side, then finish on the finer grit.'],
];

export const general: Bank = either(pairs(TRIVIA), pairs(TRIVIA), pairs(WRITING), arithmetic, pairs(GADGETS), pairs(EVERYDAY));
