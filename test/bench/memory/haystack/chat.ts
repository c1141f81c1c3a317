/** Greetings, goodbyes and small talk: the rounds that carry nothing worth remembering. */
import { either, pairs, pick, type Bank, type Exchange } from './random.js';

const HELLOS = [
  'hey', 'hey!', 'hi', 'hi again', 'hello hello', 'morning :)', 'good morning', 'good evening', 'yo', 'hiya', 'evening!',
  'hey there', 'hi, it\'s me again', 'ok I\'m back', 'hello!', 'morning, coffee in hand', 'heyyy', 'afternoon!',
];
const HELLO_REPLIES = [
  'Hi! What can I help with today?', 'Hey! Good to see you. What\'s up?', 'Hello! What are we working on?',
  'Morning! What can I do for you?', 'Hi there — what\'s on your mind?', 'Welcome back! How can I help?',
  'Hey! Ready when you are.', 'Hello again! What do you need?', 'Hi! Fire away.',
];

export const greeting: Bank = (r) => [pick(r, HELLOS), pick(r, HELLO_REPLIES)];

const BYES = [
  'thanks!', 'perfect, thank you', 'gotta run', 'that\'s all for now', 'ok brb', 'cheers', 'you\'re a lifesaver', 'thanks, that helped',
  'great, thanks a lot', 'awesome 🙏', 'ok gotta go, meeting', 'thank you!!', 'got it, thanks', 'that\'s exactly what I needed',
  'ok, signing off', 'ty', 'lol ok thanks', 'makes sense, thanks', 'gotta run, talk later', 'amazing, thank you so much',
];
const BYE_REPLIES = [
  'You\'re welcome!', 'Anytime!', 'Glad it helped. Talk soon!', 'Happy to help — good luck!', 'No problem. See you later!',
  'Sure thing. Have a good one!', 'Glad I could help.', 'Take care!', 'You got it. Come back anytime.', 'My pleasure!',
];

export const closing: Bank = (r) => [pick(r, BYES), pick(r, BYE_REPLIES)];

const MOODS: Exchange[] = [
  ['long day, brain is fried', 'Sounds like a lot. Want to take it easy — something light, or just vent for a minute?'],
  ['finally the weekend, I can breathe', 'Enjoy it! Any plans, or is it a do-nothing kind of weekend?'],
  ['it\'s so grey out today, I can\'t get going', 'Grey days are draining. A short walk outside or a bright lamp can help more than you\'d expect.'],
  ['I\'m procrastinating by talking to you lol', 'Ha — happens to the best of us. Want to pick one tiny task and do just that for ten minutes?'],
  ['can\'t believe how fast this year is going', 'It really does fly. Anything you\'re looking forward to in the next few weeks?'],
  ['ok I need a distraction for five minutes', 'Here\'s one: octopuses have three hearts and blue blood. Want another odd fact, or a quick riddle?'],
  ['tell me something nice', 'Sea otters hold hands while they sleep so they don\'t drift apart. That\'s my favourite fact.'],
  ['tell me a joke, a bad one', 'Why did the scarecrow win an award? Because he was outstanding in his field.'],
  ['ugh, mondays', 'The week\'s longest day, somehow. Coffee first, hard stuff after lunch?'],
  ['I slept terribly, any tips for surviving the day?', 'Get daylight early, keep caffeine before about 2 pm, eat protein at lunch to avoid a crash, and save the hardest work for when you feel most awake. A 20-minute nap, not longer, can help.'],
  ['what\'s a good way to clear my head quickly?', 'Try box breathing: in for four, hold for four, out for four, hold for four, repeated for two minutes. A short walk without your phone works well too.'],
  ['it\'s raining again, of course', 'Of course it is. Good day for something warm to drink and an indoor task you\'ve been putting off.'],
  ['so hot today, the fan isn\'t helping', 'Try a damp cloth on your neck and wrists, close blinds on the sunny side, and put a bowl of ice in front of the fan for a cheap cool breeze.'],
  ['how are you today?', 'I\'m doing well, thanks for asking! How about you — what\'s the day looking like?'],
  ['do you ever get tired of questions?', 'Not at all — questions are the fun part. What\'s the next one?'],
  ['riddle me something', 'What has keys but can\'t open locks? A piano. Want a harder one?'],
  ['give me a fun fact about space', 'A day on Venus is longer than its year: it takes 243 Earth days to spin once but only 225 to orbit the Sun.'],
  ['what should I do with a free evening?', 'A few ideas: cook something new, call a friend you haven\'t talked to in a while, take a walk somewhere unfamiliar, or finally start that book on your nightstand.'],
  ['motivate me to clean my kitchen', 'Set a 15-minute timer and race it: dishes first, then counters, then the floor. You\'ll feel ten times better after, and it\'s only fifteen minutes.'],
  ['I just realised I\'ve been staring at the screen for an hour', 'Time for a break! Stand up, look at something far away for 20 seconds, get a glass of water. The screen will still be here.'],
];

const WEATHER = ['snowing', 'pouring', 'windy', 'foggy', 'sunny for once', 'freezing', 'humid', 'stormy'];
const FEELINGS = ['cozy', 'lazy', 'restless', 'productive', 'sleepy', 'cheerful'];

const weatherTalk: Bank = (r) => {
  const weather = pick(r, WEATHER);
  const feeling = pick(r, FEELINGS);
  return [
    `it's ${weather} out and I feel weirdly ${feeling}`,
    `${weather === 'sunny for once' ? 'Make the most of the sun' : 'Weather like that does set the mood'}! A ${feeling} day can still be a good one — pick one small thing to finish and let the rest go.`,
  ];
};

export const smallTalk: Bank = either(pairs(MOODS), pairs(MOODS), weatherTalk);
