/** Kitchen questions: what to make from what is in the fridge, techniques, substitutions, conversions. */
import { either, pairs, pick, type Bank, type Exchange } from './random.js';

const INGREDIENTS = [
  'chickpeas', 'spinach', 'leftover rice', 'eggs', 'a can of tomatoes', 'half a cabbage', 'sweet potatoes', 'feta', 'mushrooms',
  'chicken thighs', 'ground beef', 'broccoli', 'a bag of lentils', 'zucchini', 'bell peppers', 'carrots', 'potatoes', 'cheddar',
  'a lemon', 'frozen peas', 'pasta', 'black beans', 'a tub of ricotta', 'cauliflower', 'kale', 'an onion and some garlic',
];
const DISHES: { dish: string; how: string }[] = [
  { dish: 'a frittata', how: 'Soften the {a} in an oven-safe pan, pour over beaten eggs with the {b}, cook until the edges set and finish under the grill.' },
  { dish: 'a grain bowl', how: 'Roast the {a} at 220°C until browned, pile it on rice or quinoa with the {b}, and add a quick lemon-yogurt dressing.' },
  { dish: 'a one-pot stew', how: 'Brown the {a} with onion and garlic, add the {b} and enough stock to cover, then simmer for 25 minutes and season well.' },
  { dish: 'a tray bake', how: 'Toss the {a} and the {b} in oil, salt and paprika, spread them on one tray and roast for 30–35 minutes, turning once.' },
  { dish: 'a quick pasta', how: 'Cook the pasta, and meanwhile sauté the {a}; stir in the {b} with a splash of pasta water and plenty of black pepper.' },
  { dish: 'fritters', how: 'Grate or mash the {a}, mix with the {b}, an egg and a few spoons of flour, then shallow-fry spoonfuls until golden.' },
  { dish: 'a soup', how: 'Sweat the {a} in butter, add the {b} and stock, simmer until soft and blend half of it for body.' },
  { dish: 'stuffed peppers', how: 'Mix the {a} with the {b} and some cheese, stuff halved peppers and bake covered for 25 minutes, then uncovered for 10.' },
];
const MAKE = ['What can I make with {a} and {b}?', 'I have {a} and {b} and zero ideas. Dinner?', 'Fridge check: {a}, {b}. What would you cook?', 'Dinner idea using {a} and {b}, nothing fancy?'];

const fridge: Bank = (r) => {
  const a = pick(r, INGREDIENTS);
  let b = pick(r, INGREDIENTS);
  while (b === a) b = pick(r, INGREDIENTS);
  const { dish, how } = pick(r, DISHES);
  const fill = (t: string) => t.replace('{a}', a).replace('{b}', b);
  return [fill(pick(r, MAKE)), `How about ${dish}? ${fill(how)}`];
};

const TECHNIQUES: Exchange[] = [
  ['how long do I boil an egg for a jammy yolk?', 'Six and a half to seven minutes from boiling water, then straight into ice water for a couple of minutes.'],
  ['why does my rice always come out mushy?', 'Usually too much water or too much stirring. Rinse the rice, use about 1.25 cups of water per cup of white rice, simmer covered without peeking, then rest it off the heat for 10 minutes.'],
  ['what can I use instead of buttermilk?', 'Stir a tablespoon of lemon juice or white vinegar into a cup of milk and let it stand for 5–10 minutes. Thinned plain yogurt works too.'],
  ['how do I keep a cast iron pan from rusting?', 'Dry it completely on the stove after washing, then rub in a thin film of oil while it\'s warm. Don\'t soak it or put it in the dishwasher.'],
  ['how do I know when chicken is cooked through?', 'Use a thermometer: 74°C (165°F) in the thickest part. Without one, the juices should run clear and the meat shouldn\'t be pink at the bone.'],
  ['why do my cookies spread so much?', 'Butter too warm, too little flour, or too much sugar. Chill the dough for 30 minutes, measure flour by weight, and bake on a cool tray.'],
  ['what\'s the trick to crispy roast potatoes?', 'Parboil them for 8–10 minutes, shake them in the colander to rough up the edges, then roast in very hot fat at 220°C, turning once.'],
  ['can I freeze cooked pasta?', 'Yes — cook it slightly under, toss it with a little oil, and freeze flat in bags. Reheat straight from frozen in boiling water or in the sauce.'],
  ['how do I stop guacamole turning brown?', 'Press plastic wrap right onto the surface so no air touches it, or pour a thin layer of water or lime juice on top and pour it off before serving.'],
  ['how long does cooked chicken keep in the fridge?', 'Three to four days in a sealed container. Cool it within two hours of cooking.'],
  ['how do I make a basic vinaigrette?', 'Three parts oil to one part vinegar or lemon juice, a spoon of mustard to hold it together, salt and pepper. Shake it in a jar.'],
  ['why is my bread dense?', 'Not enough rise or not enough kneading. Knead until the dough is smooth and springy, and let it rise until it has really doubled — time depends on the room\'s warmth.'],
  ['what\'s the difference between baking soda and baking powder?', 'Baking soda needs an acid in the recipe (buttermilk, yogurt, lemon) to react; baking powder already contains its acid. Baking powder is roughly a third as strong.'],
  ['how do I cut an onion without crying?', 'Use a very sharp knife, chill the onion for 15 minutes first, and leave the root end on until last — it holds most of the irritating compounds.'],
  ['is it safe to refreeze thawed meat?', 'If it thawed in the fridge, yes, though the texture suffers a little. If it thawed on the counter, cook it first, then you can freeze the cooked dish.'],
  ['how do I make pancakes fluffy?', 'Don\'t overmix — lumps are fine — and let the batter rest 10 minutes. Separating the eggs and folding in whipped whites makes them extra fluffy.'],
];

const CUP_GRAMS: Record<string, number> = { 'all-purpose flour': 120, 'granulated sugar': 200, butter: 227, 'rolled oats': 90, 'brown sugar': 220 };
const CUPS = [0.5, 1, 1.5, 2, 3];

const convert: Bank = (r) => {
  const item = pick(r, Object.keys(CUP_GRAMS));
  const cups = pick(r, CUPS);
  const grams = Math.round(cups * CUP_GRAMS[item]!);
  return [`how many grams is ${cups} ${cups === 1 ? 'cup' : 'cups'} of ${item}?`, `About ${grams} g. One cup of ${item} weighs roughly ${CUP_GRAMS[item]} g, though it varies with how it's packed.`];
};

export const kitchen: Bank = either(fridge, fridge, pairs(TECHNIQUES), pairs(TECHNIQUES), convert);
