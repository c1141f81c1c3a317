/** Travel chit-chat: places asked about in general (never trips the user says they took), packing, logistics. */
import { either, pairs, pick, type Bank, type Exchange } from './random.js';

const PLACES: { place: string; when: string; food: string; climate: 'warm' | 'mild' | 'cold' }[] = [
  { place: 'Kyoto', when: 'Late March to early April for the cherry blossoms, or November for the autumn leaves; both are busy, so book early.', food: 'yudofu, matcha sweets and a kaiseki dinner if the budget allows', climate: 'mild' },
  { place: 'Mexico City', when: 'October to April, the dry season: sunny days and cool evenings.', food: 'tacos al pastor from a street stand, tlacoyos and churros with hot chocolate', climate: 'warm' },
  { place: 'Reykjavik', when: 'June to August for the midnight sun and open highland roads, or September to March for the northern lights.', food: 'lamb soup, skyr and a hot dog from Bæjarins Beztu', climate: 'cold' },
  { place: 'Cape Town', when: 'November to March, the warm dry summer; February and March are calmer and less crowded.', food: 'bobotie, a braai and a gatsby sandwich', climate: 'warm' },
  { place: 'Vancouver', when: 'June to September: dry, warm, and perfect for the seawall and mountains.', food: 'dim sum in Richmond and a Japadog', climate: 'mild' },
  { place: 'Edinburgh', when: 'May to September; August has the Fringe festival, which is brilliant but packed and pricey.', food: 'cullen skink, a good pie and shortbread', climate: 'cold' },
  { place: 'Buenos Aires', when: 'March to May or September to November, spring and autumn there: mild and lively.', food: 'a parrilla steak, empanadas and medialunas', climate: 'mild' },
  { place: 'Hanoi', when: 'October to December or March to April, when it\'s neither sticky-hot nor chilly.', food: 'bún chả, phở for breakfast and egg coffee', climate: 'warm' },
  { place: 'Marrakech', when: 'March to May or September to November; summer is scorching.', food: 'tagine, harira and fresh orange juice in the Jemaa el-Fnaa', climate: 'warm' },
  { place: 'Prague', when: 'April to June or September to October, pleasant and less crowded than summer.', food: 'svíčková, trdelník (touristy but fun) and a proper goulash', climate: 'mild' },
  { place: 'Sydney', when: 'September to November or March to May: warm, without the peak-summer crowds.', food: 'fish and chips at the harbour, a meat pie and a flat-out good brunch', climate: 'warm' },
  { place: 'Copenhagen', when: 'May to September, when the days are long and everyone is out by the water.', food: 'smørrebrød, a cinnamon snail and a hot dog from a pølsevogn', climate: 'cold' },
  { place: 'Istanbul', when: 'April to May or September to November: mild and good for walking.', food: 'simit, balık ekmek by the Galata Bridge and künefe', climate: 'mild' },
  { place: 'Quebec City', when: 'June to September, or February for the Winter Carnival if you like serious cold.', food: 'poutine, tourtière and maple taffy on snow', climate: 'cold' },
  { place: 'Seoul', when: 'April to May or September to November — spring blossoms or autumn colours.', food: 'Korean barbecue, tteokbokki and hotteok from a street cart', climate: 'mild' },
  { place: 'New Orleans', when: 'February to May: Mardi Gras, Jazz Fest, and bearable humidity.', food: 'beignets, a po\'boy and gumbo', climate: 'warm' },
];

const WHEN = ['What\'s the best time of year to visit {place}?', 'When should someone go to {place}?', 'Is there a good season for {place}?', 'thinking about {place} someday — when is it nicest?'];
const FOOD = ['What should a first-timer eat in {place}?', 'must-eat food in {place}?', 'If you had one day of eating in {place}, what would you have?'];
const PACK: Record<string, string> = {
  warm: 'Light breathable clothes, sunscreen, a hat, sandals plus comfortable walking shoes, and one light layer for evenings or air conditioning.',
  mild: 'Layers: t-shirts, a sweater, a light waterproof jacket, comfortable walking shoes, and one smarter outfit for dinners out.',
  cold: 'A warm waterproof coat, thermal base layers, a hat, gloves and scarf, waterproof boots with grip, and wool socks.',
};

const places: Bank = (r) => {
  const p = pick(r, PLACES);
  const kind = r();
  const fill = (t: string) => t.replace('{place}', p.place);
  if (kind < 0.45) return [fill(pick(r, WHEN)), p.when];
  if (kind < 0.75) return [fill(pick(r, FOOD)), `Try ${p.food}.`];
  const days = pick(r, [3, 4, 5, 7, 10]);
  return [`What would you pack for ${days} days in ${p.place}?`, `For ${p.place}: ${PACK[p.climate]} For ${days} days, plan on doing laundry once or packing cubes to keep it tidy.`];
};

const LOGISTICS: Exchange[] = [
  ['what\'s the best way to deal with jet lag?', 'Switch to the destination\'s schedule as soon as you board, get daylight in the morning after arriving, stay up until a normal local bedtime, and keep caffeine to the morning.'],
  ['is travel insurance actually worth it?', 'For expensive, non-refundable trips or anywhere your health insurance doesn\'t cover you abroad, yes. Check that it covers medical evacuation and trip cancellation for your reasons.'],
  ['how much liquid can I take in carry-on?', 'In most places, containers of up to 100 ml (3.4 oz) each, all in one clear one-litre bag. Some airports with new scanners allow more, but plan for the old rule.'],
  ['should I exchange money before I travel?', 'Usually not much — airport and home-bank rates are poor. Bring a card with no foreign transaction fees and withdraw local cash from a bank ATM on arrival, declining "dynamic currency conversion".'],
  ['how early should I get to the airport for an international flight?', 'About three hours before departure, more at big hubs in peak season; two hours is usually fine for domestic flights.'],
  ['tips for sleeping on a long flight?', 'A good neck pillow, eye mask and earplugs, a window seat to lean on, comfy layers, and skip alcohol and caffeine. Sleep on the destination\'s schedule if you can.'],
  ['how do I avoid getting sick on a long bus ride?', 'Sit near the front facing forward, look at the horizon rather than a screen, keep some fresh air coming, and eat something light beforehand. Ginger candies help some people.'],
  ['what\'s a good way to keep travel documents organised?', 'Keep scans of your passport and bookings in a cloud folder and offline on your phone, paper copies in a separate bag, and one pouch for everything you need at airports.'],
  ['is it rude not to tip when travelling?', 'It depends on the country: tipping is expected in the US and Canada, modest in much of Europe, and can even be awkward in Japan. A quick look at local customs before you go avoids both over- and under-tipping.'],
  ['how do I find cheap flights?', 'Be flexible by a few days, compare on a metasearch site, set price alerts, fly midweek, and check nearby airports. Booking roughly 1–3 months ahead is usually the sweet spot for short-haul.'],
];

export const travel: Bank = either(places, places, pairs(LOGISTICS));
