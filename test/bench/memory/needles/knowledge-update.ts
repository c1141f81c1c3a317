/**
 * A later statement replaces an earlier one, weeks apart and worded differently: the newer round
 * rarely repeats the attribute's words ("first night in our new place in Portland" replaces
 * "here in Seattle"). `stale` and `current` are the values as the rounds write them.
 */
import type { NeedleSession, QuestionSpec } from '../dataset.js';

export const sessions: NeedleSession[] = [
  { id: 'maya-seattle', persona: 'maya', at: '2024-01-12T18:00:00Z', rounds: [
    ['here in Seattle the rain hasn\'t stopped for nine days and I\'m losing it. how do people cope with this, besides moving lol', 'Grey stretches are rough. A few things that help: a light therapy lamp (10,000 lux, 20–30 minutes in the morning), getting outside at midday even when it\'s overcast, vitamin D if your doctor okays it, and planning something bright to look forward to each week. Waterproof gear you actually like helps you keep going out.'],
  ] },
  { id: 'maya-portland', persona: 'maya', at: '2024-04-13T20:30:00Z', rounds: [
    ['first night in our new place in Portland!! boxes everywhere, the bed isn\'t even built. what\'s the one thing to unpack first?', 'Congrats on the move! Unpack the essentials first: bedding and pillows, a towel, toiletries, phone chargers, toilet paper, and whatever you need for breakfast. Build the bed before anything else tonight — everything feels better after real sleep.'],
  ] },
  { id: 'maya-brightloop', persona: 'maya', at: '2024-02-07T17:45:00Z', rounds: [
    ['Can you help me write a short bio for a design meetup? I\'m a UX designer at Brightloop, mostly working on onboarding flows, and I do ceramics on the side. 2-3 sentences, friendly.', 'Here\'s one: "Maya is a UX designer at Brightloop, where she untangles onboarding flows so new users feel at home from the first click. Off-screen she\'s usually at the pottery wheel, making mugs that are (mostly) symmetrical."'],
    ['love it, "mostly" is doing a lot of work there', 'It\'s honest marketing!'],
  ] },
  { id: 'maya-northwind', persona: 'maya', at: '2024-05-10T21:00:00Z', rounds: [
    ['first week at Northwind Health done! the design team there is tiny, three of us, and I\'m already owning the patient portal redesign. how do I not drown in week two?', 'Congrats on week one! For week two: write down the three outcomes the portal redesign must deliver and confirm them with your manager, book short intros with engineering, support and a clinician if you can, and protect two focus blocks a week. Small, visible wins early — like a quick usability fix — build trust fast.'],
  ] },
  { id: 'maya-schedule', persona: 'maya', at: '2024-03-11T14:00:00Z', rounds: [
    ['can you help me plan my week? gym before work most days, a big deadline at the end of the week, and pottery class is Tuesday evenings so nothing else can go there', 'Here\'s a shape: mornings for the gym, deep work on the deadline in the first half of each day, meetings and email after lunch, and evenings light. Keep the class evening sacred, and put a 30-minute buffer the day before the deadline for surprises.'],
  ] },
  { id: 'maya-thursdays', persona: 'maya', at: '2024-04-30T18:30:00Z', rounds: [
    ['the studio moved our wheel class to Thursdays because of a kiln room clash, which actually works better with my new commute. what should I prep the night before a class?', 'Wedge your clay ahead and wrap it airtight, pack your tools and a towel, trim any pieces that are leather-hard so they\'re ready to bisque, and jot down one thing you want to practise so the session has a focus.'],
  ] },
  { id: 'maya-flatwhite', persona: 'maya', at: '2024-01-19T15:20:00Z', rounds: [
    ['what\'s the actual difference between a latte and a flat white? my usual is an oat milk flat white and a barista today acted like I\'d insulted her', 'A flat white is smaller (about 5–6 oz) with a double shot and thin, velvety microfoam, so it tastes stronger. A latte is larger, with more milk and a slightly thicker foam layer. Some cafés blur the line, so she may just make them similarly.'],
  ] },
  { id: 'maya-cortado', persona: 'maya', at: '2024-05-22T16:00:00Z', rounds: [
    ['oat milk has been wrecking my stomach so these days it\'s a cortado with regular whole milk, small and strong. is whole milk actually worse for you than oat?', 'Not necessarily. Whole milk has more saturated fat but also more protein and no added oils or sugars; many oat milks have both. In the small amount of milk in a cortado, the difference is tiny — go with what your stomach likes.'],
  ] },
  { id: 'sam-veg', persona: 'sam', at: '2024-01-11T19:00:00Z', rounds: [
    ['need a high-protein lunch I can meal prep for the week. I\'ve been vegetarian for ten years so no meat ideas please', 'Try a big batch of lentil and quinoa salad with roasted veg and feta, or tempeh and edamame grain bowls with a peanut sauce. Greek yogurt, eggs and cottage cheese are great protein add-ons. Both keep well for four days in the fridge.'],
  ] },
  { id: 'sam-fish', persona: 'sam', at: '2024-04-09T18:30:00Z', rounds: [
    ['doctor says my omega-3s are low, so salmon and sardines are back on my plate after a long break. how do I cook salmon so it\'s not dry? haven\'t cooked fish in a decade', 'Easiest foolproof method: bake at 275°F (135°C) for about 15–20 minutes until it just flakes — the low heat keeps it moist. Or pan-sear skin-side down on medium-high for 4–5 minutes and flip for one more. Salt it 15 minutes before cooking.'],
  ] },
  { id: 'sam-priscilla', persona: 'sam', at: '2024-02-01T16:00:00Z', rounds: [
    ['1:1 with my manager Priscilla tomorrow and I want to ask about the staff engineer track without sounding entitled. how should I frame it?', 'Frame it as a development conversation: "I\'d like to grow toward staff. What would you need to see from me in the next six months, and are there projects that would stretch me that way?" Bring two or three examples of cross-team work you\'ve led. Asking for criteria, not the title, reads as ambitious, not entitled.'],
  ] },
  { id: 'sam-omar', persona: 'sam', at: '2024-05-01T15:00:00Z', rounds: [
    ['reorg happened. Omar runs our team from this week, so my 1:1s are with him now. he\'s from the infra side. what should our first one cover?', 'Use it to set up the relationship: how he likes to communicate and get updates, what he sees as the team\'s priorities, what you\'re working on and where you need support, and your growth goals so he has context. Agree on a cadence and a shared doc for notes.'],
  ] },
  { id: 'sam-chicago', persona: 'sam', at: '2024-02-13T13:30:00Z', rounds: [
    ['signed up for the Chicago marathon on October 13!! first marathon ever. when should a real training plan start?', 'Congrats! For a first marathon, a 16–20 week plan is typical, so start the dedicated plan around early June. Until then, build a consistent base: three or four easy runs a week, one gradually longer run, and strength work twice a week.'],
  ] },
  { id: 'sam-indy', persona: 'sam', at: '2024-05-29T12:30:00Z', rounds: [
    ['change of plans: work travel eats most of October, so I deferred and I\'m running the Monumental in Indianapolis on November 2 instead. does three extra weeks change the training start?', 'Three extra weeks help: push the plan\'s start back by three weeks, or keep the start and add an extra down week in the middle. Indianapolis is flat and fast, which suits a first marathon.'],
  ] },
  { id: 'sam-civic', persona: 'sam', at: '2024-01-24T14:00:00Z', rounds: [
    ['my old Honda Civic is making a grinding noise when I brake. how urgent is that?', 'Grinding usually means the brake pads are worn down to the metal backing plate, which damages the rotors quickly and reduces braking. Get it in this week and avoid hard stops until then.'],
  ] },
  { id: 'sam-tesla', persona: 'sam', at: '2024-04-26T17:00:00Z', rounds: [
    ['picked up a used Tesla Model 3 yesterday, first EV. how should I set the charge limit for daily driving?', 'For daily use, set the limit around 80 to 90 percent (some Model 3s have LFP batteries, for which Tesla recommends charging to 100 percent at least weekly). Charge to 100 only before long trips otherwise, and plug in whenever convenient — frequent shallow charges are fine.'],
  ] },
  { id: 'priya-headingley', persona: 'priya', at: '2024-01-16T19:30:00Z', rounds: [
    ['Our flat in Headingley is freezing — single glazing and a landlord who doesn\'t care. Cheap ways to keep warm that won\'t get my deposit docked?', 'Try removable window insulation film (it peels off cleanly), heavy thermal curtains on tension rods, draught excluders for doors, and rugs on bare floors. A heated throw or electric blanket is far cheaper to run than heating the whole flat. Keep the radiator fronts clear of furniture.'],
  ] },
  { id: 'priya-roundhay', persona: 'priya', at: '2024-04-18T17:00:00Z', rounds: [
    ['We got the keys! First house, in Roundhay, a proper garden at last. What should I plant first in a completely neglected garden in April?', 'Congratulations! Start by clearing and watching for a bit — see what comes up. For quick wins in April: sow salad leaves, radishes and peas, plant potatoes, and put in some tough perennials like hardy geraniums and salvias. Get a compost bin going now and plan the bigger beds for autumn.'],
  ] },
  { id: 'priya-hartley', persona: 'priya', at: '2024-02-02T18:00:00Z', rounds: [
    ['Mr Hartley set me the Popper étude no. 11 this week and my left hand is not happy. How do I practise fast shifts without tensing up?', 'Slow shifting practice is the key: play the shift slowly with an audible slide, release pressure as you travel, land, then rebuild speed in small steps with a metronome. Keep the thumb loose behind the neck and the shoulder down. Short, frequent sessions beat one long one.'],
  ] },
  { id: 'priya-okoye', persona: 'priya', at: '2024-05-07T18:30:00Z', rounds: [
    ['Lessons with Dr Okoye now and what a difference — she\'s patient and actually explains the why. She wants me to work on vibrato. What\'s a good vibrato exercise?', 'Start without the bow: on one finger, rock slowly from the pad toward the tip in rhythm with a metronome at 60, two rocks per beat, then three, then four. Keep the motion coming from the forearm, not the finger joint. Add the bow on long notes once it\'s even.'],
  ] },
  { id: 'priya-concert', persona: 'priya', at: '2024-03-04T17:00:00Z', rounds: [
    ['The spring concert is 18 April and I\'ve somehow ended up organising the whole thing. What do I need on my checklist?', 'Key items: a running order with timings, a rehearsal schedule (including one full tech run), the hall booking, programmes, seating and staging, a sound check, a first-aid lead, and someone to manage backstage. Don\'t forget a message to parents two weeks out and thank-yous for helpers.'],
  ] },
  { id: 'priya-concert-moved', persona: 'priya', at: '2024-04-02T16:30:00Z', rounds: [
    ['Inspection next week means the concert is now Thursday 2 May. More rehearsal time, I suppose. How do I let parents know without a flood of emails back?', 'Send one clear message with the new date and time up front, the reason in a sentence, what stays the same, and a single contact for questions. Post it on the school app and in the newsletter too.'],
  ] },
  { id: 'priya-piranesi', persona: 'priya', at: '2024-03-09T20:00:00Z', rounds: [
    ['Book club\'s on Piranesi this month and I\'m hosting. Could you give me four discussion questions that aren\'t just "did you like it"?', '1. What does the House represent to its narrator, and does that change once he learns the truth? 2. How do the journals shape what we trust about him? 3. Is he a different person from Matthew Rose Sorensen, or the same? 4. What does the book suggest about wonder versus knowledge?'],
  ] },
  { id: 'priya-klara', persona: 'priya', at: '2024-05-13T19:00:00Z', rounds: [
    ['Next up for book club is Klara and the Sun, and I\'ve got a train journey to start it on. Without spoilers, what should I look out for?', 'Pay attention to how the narrator\'s limited viewpoint shapes what you\'re told — she notices light and patterns, not always meaning. Watch the role of the sun, the idea of being "lifted", and how the adults talk around things. It rewards reading slowly.'],
  ] },
  { id: 'tom-patel', persona: 'tom', at: '2024-01-31T15:00:00Z', rounds: [
    ['Dr. Patel wants me to get a colonoscopy now that I\'m pushing seventy. Is the prep as bad as everybody says?', 'The prep is the worst part, but it\'s manageable: a low-fibre diet a day or two before, clear liquids the day before, then the bowel prep drink in split doses. Chill it and drink through a straw, stay near a bathroom, and use soft wipes. The procedure itself is done under sedation.'],
  ] },
  { id: 'tom-greer', persona: 'tom', at: '2024-05-03T14:30:00Z', rounds: [
    ['Saw the new fella at the clinic today, Dr. Greer. Young, but he listens. He wants my cholesterol rechecked in three months. Anything I can do before then?', 'Good that he listens. In three months you can shift the numbers: more soluble fibre (oats, beans), fatty fish twice a week, fewer fried foods and processed meats, a daily walk, and any medication as prescribed. Nuts and olive oil help too.'],
  ] },
  { id: 'tom-albany', persona: 'tom', at: '2024-02-10T18:00:00Z', rounds: [
    ['Mike called from Albany, the kids have the flu. Not much I can do from here. What\'s a care package that travels okay?', 'A nice one: herbal tea and honey, a few soups in shelf-stable pouches, crackers, a puzzle book or colouring books for the kids, lip balm, tissues with lotion, and a handwritten note. Ship it two-day so it arrives while they\'re still on the couch.'],
  ] },
  { id: 'tom-burlington', persona: 'tom', at: '2024-05-16T16:00:00Z', rounds: [
    ['Big day. Mike and the family got the keys to their house in Burlington, so they\'re twenty minutes down the road now instead of three hours. Want to build them something for the new place. Ideas?', 'What a change! A few builds: an entryway bench with shoe storage, a set of step stools for the grandkids, a wall-mounted coat rack with pegs, or a porch planter. A bench is the one they\'ll use every day.'],
  ] },
  { id: 'tom-41', persona: 'tom', at: '2024-03-26T13:00:00Z', rounds: [
    ['Up to 41 species on my year list, not bad for March in Vermont. What should I be watching for in April?', 'April brings the first big wave: eastern phoebes, tree swallows, yellow-rumped warblers, ruby-crowned kinglets, hermit thrushes and pine warblers, plus woodcocks doing their sky dances at dusk. Check wet areas for early shorebirds.'],
  ] },
  { id: 'tom-63', persona: 'tom', at: '2024-05-18T12:30:00Z', rounds: [
    ['Had a great morning at the marsh — 7 new ones including a Virginia rail, so the list stands at 63 now. Best spots for warblers in late May?', 'Congrats on the rail, those are tough! For late-May warblers, look for mixed woods near water at first light: river corridors, wooded edges of marshes, and north-facing slopes with hemlocks. Listen for the songs before you see them.'],
  ] },
  { id: 'tom-ranger', persona: 'tom', at: '2024-01-13T16:00:00Z', rounds: [
    ['My \'98 Ford Ranger won\'t start when it\'s below zero. Battery\'s two years old. What gives?', 'At sub-zero temperatures a battery loses a lot of cranking power and the oil thickens. Check the terminals for corrosion, have the battery load-tested, and consider a block heater or battery blanket — a block heater on a timer for a couple of hours before you drive makes a huge difference. Switching to 5W-30 oil helps too.'],
  ] },
  { id: 'tom-outback', persona: 'tom', at: '2024-04-20T15:30:00Z', rounds: [
    ['There\'s a Subaru Outback sitting in my driveway now. All-wheel drive, heated seats — I feel like a senator. What maintenance should I keep an eye on with these?', 'Enjoy the heated seats! For that model: oil changes on schedule (they can use a little oil), CVT fluid checks per the manual, tyre rotation every 6,000 miles since AWD needs evenly worn tyres, and replace all four tyres together.'],
  ] },
  { id: 'lena-nights', persona: 'lena', at: '2024-02-27T16:00:00Z', rounds: [
    ['I\'m on the night shift rotation at least through spring. What should I eat at 3 am so I don\'t feel like garbage?', 'Keep it light at 3 am: protein plus complex carbs, like Greek yogurt with oats, a turkey or hummus wrap, or eggs and toast, and skip heavy, greasy or sugary food, which makes the 4 am slump worse. Have your main meal before the shift, and sip water steadily.'],
  ] },
  { id: 'lena-days', persona: 'lena', at: '2024-05-24T13:30:00Z', rounds: [
    ['I finally got moved to days!! 7 am to 7 pm, seeing actual daylight. How do I flip my sleep back quickly?', 'Congrats! To flip fast: get bright light as soon as you wake (go outside), keep a fixed wake time even on days off, avoid naps longer than 20 minutes for the first week, and cut caffeine after noon. Ask your doctor whether a low dose of melatonin for a few nights makes sense.'],
  ] },
  { id: 'lena-garage', persona: 'lena', at: '2024-02-15T20:00:00Z', rounds: [
    ['we practice in Jonah\'s garage (he\'s our drummer) and it\'s like 40°F in there. how do I keep my hands warm enough to play?', 'Warm your hands before playing (hand warmers in pockets, warm water), wear fingerless gloves between songs, and do a few minutes of finger stretches and chromatic runs to get blood flowing. A small oil-filled heater pointed at the band helps too — keep it away from cables.'],
  ] },
  { id: 'lena-soundbox', persona: 'lena', at: '2024-04-19T21:00:00Z', rounds: [
    ['we caved and rent a room at Soundbox Studios now. heat, a real PA, and nobody\'s mom yelling about the noise. what should we bring to the first session?', 'Bring your own cables and a spare set, a tuner, picks and strings, earplugs, setlist printouts, a recorder or phone to capture the session, and water. Check what backline the room provides so you don\'t haul amps you don\'t need.'],
  ] },
  { id: 'lena-a2', persona: 'lena', at: '2024-02-22T17:00:00Z', rounds: [
    ['My placement test put me at A2 in Spanish, which stings a bit. Realistically how long until I can hold a real conversation with 4 hours a week?', 'At four focused hours a week, expect roughly 6 to 12 months to hold everyday conversations comfortably. Mix a weekly class or tutor, daily listening, and regular speaking practice; speaking is what usually lags.'],
  ] },
  { id: 'lena-b1', persona: 'lena', at: '2024-06-03T16:30:00Z', rounds: [
    ['¡Aprobé! Got my DELE results: passed B1. Celebrating with tacos. What should my next goal be?', '¡Felicidades! Next steps: consume native content daily without subtitles, find a conversation partner or tutor for weekly speaking, and aim for the next level in about a year. Reading novels in Spanish, starting with young-adult ones, builds vocabulary fast.'],
  ] },
  { id: 'lena-gig', persona: 'lena', at: '2024-02-19T18:00:00Z', rounds: [
    ['Our next gig is March 22 at the Turf Club and I need to figure out how to make 8 songs fit in 30 minutes. Tips on tightening a set?', 'Cut count-ins and long endings, segue songs that share a key or tempo, tune only at planned points (use a clip tuner), and drop any song that needs a long intro. Rehearse the set start-to-finish with a timer twice before the show.'],
  ] },
  { id: 'lena-gig-moved', persona: 'lena', at: '2024-03-14T19:00:00Z', rounds: [
    ['the headliner\'s van died in Iowa so the Turf Club show got pushed to April 5. more time to tighten the set I guess. how do we keep momentum in the extra weeks?', 'Use the time deliberately: book two full run-throughs a week with a timer, record one and listen back together, and pick one song to really polish. Post the new date everywhere with a reminder the week of the show.'],
  ] },
];

export const questions: QuestionSpec[] = [
  { id: 'ku-maya-city', persona: 'maya', question: 'Which city do I live in?', answer: 'Portland', evidence: ['maya-portland#0'], stale: ['Seattle'], current: 'Portland' },
  { id: 'ku-maya-job', persona: 'maya', question: 'Where do I work?', answer: 'Northwind Health', evidence: ['maya-northwind#0'], stale: ['Brightloop'], current: 'Northwind Health' },
  { id: 'ku-maya-class-day', persona: 'maya', question: 'What day of the week is my pottery class?', answer: 'Thursdays', evidence: ['maya-thursdays#0'], stale: ['Tuesday', 'Tuesdays'], current: 'Thursdays' },
  { id: 'ku-maya-coffee', persona: 'maya', question: 'What\'s my usual coffee order?', answer: 'a cortado with whole milk', evidence: ['maya-cortado#0'], stale: ['flat white'], current: 'cortado' },
  { id: 'ku-sam-diet', persona: 'sam', question: 'Do I eat fish?', answer: 'yes, salmon and sardines are back on my plate', evidence: ['sam-fish#0'], stale: ['vegetarian'], current: 'salmon' },
  { id: 'ku-sam-manager', persona: 'sam', question: 'Who is my manager?', answer: 'Omar', evidence: ['sam-omar#0'], stale: ['Priscilla'], current: 'Omar' },
  { id: 'ku-sam-marathon', persona: 'sam', question: 'When is my marathon?', answer: 'November 2, the Monumental in Indianapolis', evidence: ['sam-indy#0'], stale: ['October 13'], current: 'November 2' },
  { id: 'ku-sam-car', persona: 'sam', question: 'What car do I drive?', answer: 'a used Tesla Model 3', evidence: ['sam-tesla#0'], stale: ['Civic'], current: 'Model 3' },
  { id: 'ku-priya-home', persona: 'priya', question: 'Which neighbourhood do I live in?', answer: 'Roundhay', evidence: ['priya-roundhay#0'], stale: ['Headingley'], current: 'Roundhay' },
  { id: 'ku-priya-teacher', persona: 'priya', question: 'Who teaches me cello?', answer: 'Dr Okoye', evidence: ['priya-okoye#0'], stale: ['Hartley'], current: 'Okoye' },
  { id: 'ku-priya-concert', persona: 'priya', question: 'What date is the school spring concert?', answer: 'Thursday 2 May', evidence: ['priya-concert-moved#0'], stale: ['18 April'], current: '2 May' },
  { id: 'ku-priya-book', persona: 'priya', question: 'What is my book club reading?', answer: 'Klara and the Sun', evidence: ['priya-klara#0'], stale: ['Piranesi'], current: 'Klara and the Sun' },
  { id: 'ku-tom-doctor', persona: 'tom', question: 'Who is my doctor?', answer: 'Dr. Greer', evidence: ['tom-greer#0'], stale: ['Patel'], current: 'Greer' },
  { id: 'ku-tom-son-city', persona: 'tom', question: 'Where does my son live?', answer: 'Burlington', evidence: ['tom-burlington#0'], stale: ['Albany'], current: 'Burlington' },
  { id: 'ku-tom-birds', persona: 'tom', question: 'How many bird species are on my year list?', answer: '63', evidence: ['tom-63#0'], stale: ['41'], current: '63' },
  { id: 'ku-tom-vehicle', persona: 'tom', question: 'What vehicle do I drive?', answer: 'a Subaru Outback', evidence: ['tom-outback#0'], stale: ['Ranger'], current: 'Outback' },
  { id: 'ku-lena-shift', persona: 'lena', question: 'What shift do I work?', answer: 'days, 7 am to 7 pm', evidence: ['lena-days#0'], stale: ['night shift', 'night shifts'], current: '7 am to 7 pm' },
  { id: 'ku-lena-rehearsal', persona: 'lena', question: 'Where does my band rehearse?', answer: 'Soundbox Studios', evidence: ['lena-soundbox#0'], stale: ['Jonah\'s garage'], current: 'Soundbox Studios' },
  { id: 'ku-lena-spanish', persona: 'lena', question: 'What level is my Spanish?', answer: 'B1', evidence: ['lena-b1#0'], stale: ['A2'], current: 'B1' },
  { id: 'ku-lena-gig', persona: 'lena', question: 'When is our Turf Club show?', answer: 'April 5', evidence: ['lena-gig-moved#0'], stale: ['March 22'], current: 'April 5' },
];
