/** Facts the user stated once, usually in passing, in the middle of asking for something else. */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-sister', persona: 'maya', at: '2024-02-02T19:05:00Z', rounds: [
    ['ugh ok I need a plan. my sister Adaeze is flying in from Lagos next weekend and the guest room is currently a pottery graveyard. what\'s a realistic cleaning order if I only have two evenings?', 'Two evenings is enough if you split it by zones. Evening one: clear surfaces and sort everything into keep, donate and trash, then get the donate bags out of the house right away so they don\'t creep back. Evening two: dust top to bottom, change the bedding, vacuum last, and put a few welcoming touches out — a towel set, a water carafe, a phone charger.'],
    ['the phone charger thing is smart, she always forgets hers. thanks!', 'Happy to help — enjoy the visit!'],
  ] },
  { id: 'maya-car', persona: 'maya', at: '2024-01-22T16:40:00Z', rounds: [
    ['quick car question. the check engine light on my 2016 Mazda CX-5 came on this morning on the way to work, it\'s not flashing and the car drives totally normal. is it safe to keep driving until the weekend?', 'A steady (not flashing) check engine light usually means a non-urgent fault — a loose gas cap is the classic one. Check that the cap clicks shut, and if the light stays on after a few drives, have the code read; many auto parts stores do it for free. If it starts flashing, or the car shakes or loses power, pull over and get it looked at right away.'],
    ['gas cap!! that might be it, I was in a hurry at the pump', 'That\'s the most common culprit. Tighten it until it clicks; the light can take a few drive cycles to clear.'],
  ] },
  { id: 'maya-hometown', persona: 'maya', at: '2024-01-14T21:10:00Z', rounds: [
    ['it\'s snowing a tiny bit here and everyone is panicking lol. back home in Duluth we\'d be out ice fishing in this. anyway, can you give me a cozy soup that doesn\'t need a blender?', 'Ha — those are tough standards to beat. Try a chicken and wild rice soup: sweat onion, carrot and celery in butter, stir in a little flour, add stock and cooked wild rice, then shredded chicken and a splash of cream at the end. No blender needed.'],
  ] },
  { id: 'maya-teacher', persona: 'maya', at: '2024-03-19T20:30:00Z', rounds: [
    ['the wheel is humbling me. my pottery teacher, Ingrid, says my centering is getting better but my walls are still way too thick at the bottom. any tips for pulling thinner walls?', 'Thick bottoms usually come from not compressing and opening far enough before the first pull. Open to about a finger\'s width from the bat, compress the floor, then on each pull start right at the base with your knuckle pressed in, moving up slowly while the wheel spins fast-ish. Three slow pulls beat six rushed ones, and keep the clay wet but not soaked.'],
    ['knuckle at the base, got it. gotta run, thanks!', 'Good luck at the wheel!'],
  ] },
  { id: 'sam-daughter', persona: 'sam', at: '2024-02-09T22:15:00Z', rounds: [
    ['I have to bail on the sprint review prep early today — my daughter Nora has her first piano recital at 6 and I promised I\'d be in the front row. can you turn these notes into three bullet points I can paste into slack? "latency down 30% on the search endpoint, migrations for billing done, flaky test in the auth suite still open"', 'Here you go:\n- Search endpoint latency is down 30%.\n- Billing migrations are complete.\n- Still open: a flaky test in the auth suite.\nEnjoy the recital!'],
  ] },
  { id: 'sam-elixir', persona: 'sam', at: '2024-01-17T17:05:00Z', rounds: [
    ['ok so our whole backend is Elixir and I keep getting a "no function clause matching" error in a GenServer handle_call. what\'s the fastest way to see which clause it\'s missing?', 'That error means none of your handle_call/3 heads matched the message. Add a catch-all clause at the end that logs the message and replies with an error, or read the crash report: it prints the exact message that failed. Usually it\'s a tuple shape mismatch, like {:get, id} versus {:get, id, opts}.'],
    ['yep, {:get, id, opts}. classic. thanks', 'Classic indeed. Glad it was a quick one!'],
  ] },
  { id: 'sam-club', persona: 'sam', at: '2024-03-02T15:00:00Z', rounds: [
    ['morning long run done, 14 miles with the Mopac Milers, legs are toast. what should I eat in the next hour?', 'Nice work. Within the hour aim for carbs plus some protein, around a 3:1 ratio: chocolate milk, a bagel with peanut butter, or a rice bowl with eggs. Then a proper meal in a couple of hours and plenty of fluids with some salt.'],
  ] },
  { id: 'sam-wife', persona: 'sam', at: '2024-04-21T19:40:00Z', rounds: [
    ['big news in our house: Jess passed her boards, so my wife is officially a veterinarian! I want to get her something small but meaningful. ideas under $100?', 'Congratulations to Jess! A few ideas: an engraved ID badge reel or a custom stethoscope tag, a nice leather notebook for case notes, a framed print of a photo from her training years, or dinner at her favourite place with a card "from the pets she\'ll treat".'],
  ] },
  { id: 'priya-cello', persona: 'priya', at: '2024-02-14T20:00:00Z', rounds: [
    ['Rehearsal disaster tonight: my cello\'s C string snapped right in the middle of the Fauré. Is it worth replacing just the one string or should I do the whole set?', 'If the other strings are less than about six months old, replacing only the C is fine — just match the brand and gauge so the tension and tone stay balanced. If the set is older, a full restring is worth it; old strings go dull and uneven, and a fresh C next to tired strings can sound out of place.'],
  ] },
  { id: 'priya-marking', persona: 'priya', at: '2024-03-12T18:30:00Z', rounds: [
    ['Evening. I\'ve got ninety chemistry mock papers to mark by Friday and my brain is mush. Any tricks for marking faster without being unfair?', 'A few that help: mark one question across all papers at a time rather than paper by paper — you internalise the mark scheme and stay consistent. Set a timer per batch of ten, keep a tally of common mistakes so feedback can be one whole-class slide instead of ninety comments, and stop for a break every hour.'],
    ['One question at a time — I\'ll try that. Cheers!', 'Good luck with the pile!'],
  ] },
  { id: 'priya-partner', persona: 'priya', at: '2024-01-27T13:20:00Z', rounds: [
    ['My partner Farhan has decided he\'s making biryani for twelve people on Sunday, having never made biryani. How far ahead can the rice be parboiled?', 'Parboil the rice to about 70 percent done on the day — it only keeps well for a few hours. What you can do ahead: the fried onions (birista) up to three days in an airtight tin, and the meat marinade overnight. On the day, layer and dum-cook about an hour before serving.'],
  ] },
  { id: 'priya-form', persona: 'priya', at: '2024-04-23T16:10:00Z', rounds: [
    ['Can you help me write a short, warm message for my form group? There are 28 of them and they\'ve had a rough week with exams. Year 10, so nothing cringe.', 'Here\'s a draft: "Hi all — I know this week has been a lot. You\'ve turned up, done the work and looked out for each other, and that matters more than any single paper. Rest up this weekend. Proud of you, 10P." Short, honest, not cringe.'],
  ] },
  { id: 'tom-grandkid', persona: 'tom', at: '2024-01-20T15:30:00Z', rounds: [
    ['My son\'s girl Ellie is coming over this weekend and she wants to "help in the shop". She\'s six. What\'s a safe little project for a kid that age?', 'A great one for six-year-olds is a simple birdhouse or a toolbox from pre-cut pieces: you do the cutting beforehand and she does the gluing, hammering small nails with a stubby hammer, and painting. Safety glasses on both of you, and keep the power tools unplugged while she\'s in the shop.'],
  ] },
  { id: 'tom-career', persona: 'tom', at: '2024-02-06T14:45:00Z', rounds: [
    ['The plow truck went by this morning and I could tell from the sound the injector pump\'s on its way out. Thirty-one years fixing diesel engines for the county, you get an ear for it. Anyway, what\'s a good gift for a retiring coworker? My buddy Walt is hanging it up next month.', 'You\'ve earned that ear! For Walt: a good thermos or a camp coffee kit if he\'s outdoorsy, an engraved pocket knife, a framed photo of the crew, or a gift card to a fishing or hardware store. A card signed by the whole shop means a lot too.'],
  ] },
  { id: 'tom-wood', persona: 'tom', at: '2024-02-24T16:00:00Z', rounds: [
    ['Picked up the cherry boards for the rocking chair today, $180 worth, beautiful stuff. Should I let them sit in the shop a while before I start cutting?', 'Yes — let them acclimate for one to two weeks, stacked flat with stickers between boards so air reaches every face. That lets the moisture content settle to your shop\'s humidity and reduces warping or joints loosening later. If you have a moisture meter, aim for around 6 to 8 percent before you start.'],
  ] },
  { id: 'tom-wife', persona: 'tom', at: '2024-03-10T17:20:00Z', rounds: [
    ['Would\'ve been my 40th anniversary with Ruth today. The house is quiet. Don\'t really need advice, just felt like saying it to somebody.', 'Thank you for telling me. Forty years is a whole life together, and it makes sense that today feels quiet and heavy. If you\'d like, tell me something about her — what she was like, or a day you remember. I\'m glad to listen.'],
    ['She\'d have laughed at me talking to a computer. Made the best rhubarb pie in the county. Anyway. Thanks for listening.', 'She sounds wonderful — and I\'d bet the pie lived up to its reputation. Take care of yourself today.'],
  ] },
  { id: 'lena-band', persona: 'lena', at: '2024-01-25T21:00:00Z', rounds: [
    ['Ok I need a gig poster tagline. The Static Pines (that\'s us, I play bass) are opening for a touring band next month. Dark, a bit funny, not too long.', 'A few options:\n- "Loud enough to wake the forest."\n- "Feedback, frostbite and four chords."\n- "Come early. Leave slightly damaged."\n- "The quiet before the noise."'],
    ['"come early, leave slightly damaged" is perfect lmao', 'Glad it hit! Have fun at the show.'],
  ] },
  { id: 'lena-hospital', persona: 'lena', at: '2024-02-12T15:30:00Z', rounds: [
    ['Just off a twelve-hour in the ICU at Lakeside Memorial and I\'m too wired to sleep. What\'s something calming to do for 20 minutes that isn\'t my phone?', 'After a long shift, try a warm shower followed by a short body scan: lie down, breathe slowly and move your attention from toes to head, releasing each area. Or some light stretching, a few pages of a paper book, or a caffeine-free herbal drink in dim light. Keep the lights low to help your body shift toward sleep.'],
  ] },
  { id: 'lena-roommate', persona: 'lena', at: '2024-03-06T18:00:00Z', rounds: [
    ['my roommate Carla keeps using my good chef\'s knife to open packages. how do I bring it up without making it a whole thing?', 'Keep it light and specific: "Hey, could you use the scissors for packages? That knife\'s my baby and opening boxes dulls it fast." Maybe leave a pair of scissors or a box cutter by the door so the easy option is right there.'],
  ] },
  { id: 'lena-climb', persona: 'lena', at: '2024-04-08T22:00:00Z', rounds: [
    ['SENT MY FIRST V5 TONIGHT. the crimpy purple one on the overhang wall that\'s been bullying me for a month. ok what should I work on next so I don\'t plateau?', 'Congrats — a first V5 is a big milestone! To keep progressing: pick a few problems at that grade in styles you avoid (slab, compression, steep), do a short limit-bouldering session once a week, add hangboard work only if your fingers are healthy, and film your attempts to spot wasted movement.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'ssu-maya-sister', persona: 'maya', question: 'What is my sister\'s name?', answer: 'Adaeze', evidence: ['maya-sister#0'] },
  { id: 'ssu-maya-car', persona: 'maya', question: 'What car do I drive?', answer: '2016 Mazda CX-5', evidence: ['maya-car#0'] },
  { id: 'ssu-maya-hometown', persona: 'maya', question: 'Where am I from originally?', answer: 'Duluth', evidence: ['maya-hometown#0'] },
  { id: 'ssu-maya-teacher', persona: 'maya', question: 'What\'s the name of the woman who teaches my pottery class?', answer: 'Ingrid', evidence: ['maya-teacher#0'] },
  { id: 'ssu-sam-daughter', persona: 'sam', question: 'What is my daughter\'s name?', answer: 'Nora', evidence: ['sam-daughter#0'] },
  { id: 'ssu-sam-elixir', persona: 'sam', question: 'What language is the backend at my job written in?', answer: 'Elixir', evidence: ['sam-elixir#0'] },
  { id: 'ssu-sam-club', persona: 'sam', question: 'What\'s the name of the running group I do long runs with?', answer: 'Mopac Milers', evidence: ['sam-club#0'] },
  { id: 'ssu-sam-wife', persona: 'sam', question: 'What does my wife do for a living?', answer: 'veterinarian', evidence: ['sam-wife#0'] },
  { id: 'ssu-priya-cello', persona: 'priya', question: 'What instrument do I play?', answer: 'cello', evidence: ['priya-cello#0'] },
  { id: 'ssu-priya-subject', persona: 'priya', question: 'What subject do I teach?', answer: 'chemistry', evidence: ['priya-marking#0'] },
  { id: 'ssu-priya-partner', persona: 'priya', question: 'What is my partner called?', answer: 'Farhan', evidence: ['priya-partner#0'] },
  { id: 'ssu-priya-form', persona: 'priya', question: 'How many students are in my form group?', answer: '28', evidence: ['priya-form#0'] },
  { id: 'ssu-tom-granddaughter', persona: 'tom', question: 'What is my granddaughter\'s name?', answer: 'Ellie', evidence: ['tom-grandkid#0'] },
  { id: 'ssu-tom-career', persona: 'tom', question: 'What kind of work did I do for the county?', answer: 'fixing diesel engines', evidence: ['tom-career#0'] },
  { id: 'ssu-tom-wood', persona: 'tom', question: 'What wood am I building the rocking chair from?', answer: 'cherry', evidence: ['tom-wood#0'] },
  { id: 'ssu-tom-wife', persona: 'tom', question: 'What was my late wife\'s name?', answer: 'Ruth', evidence: ['tom-wife#0'] },
  { id: 'ssu-lena-band', persona: 'lena', question: 'What\'s my band called?', answer: 'The Static Pines', evidence: ['lena-band#0'] },
  { id: 'ssu-lena-hospital', persona: 'lena', question: 'Which hospital do I work at?', answer: 'Lakeside Memorial', evidence: ['lena-hospital#0'] },
  { id: 'ssu-lena-roommate', persona: 'lena', question: 'Who do I live with?', answer: 'my roommate Carla', evidence: ['lena-roommate#0'] },
  { id: 'ssu-lena-grade', persona: 'lena', question: 'What\'s the hardest bouldering grade I\'ve climbed?', answer: 'V5', evidence: ['lena-climb#0'] },
];
