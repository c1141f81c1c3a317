import { turnsOf, type TurnSource } from '@memctx/read-models';

/*
 * Greetings, thanks and goodbyes state nothing a question could ask about, yet
 * they are close to any short query by embedding and recent by date. A record
 * is small talk when none of its turns holds two words beyond function words
 * and such pleasantries; a SIP with a query never cites one.
 */
const PLEASANTRIES = new Set(`
a about again all also am an and any anytime are as at awesome aw aww back bad be been bye byebye catch cheers chat chatting cool course day
definitely did do doing dont enjoy enjoyed evening everything fantastic feel fine for from fun glad go going good goodbye goodnight got gotta
great had happy has have haha hahaha having he hear heard hello help helped helpful her hey hi him his hope how i i'd i'll i'm im in is it
it's its just keep kind know later let lets lol lot love lovely me meet more morning much my nice night no not now of oh ok okay on one
or our pleasure really right run say see she so soon sounds sure take talk talking thank thanks that thats the them there they thing things
this time to today too up us very wait was way we welcome well were what whenever will wish with wonderful words would wow yeah yep yes
you you're your yours
`.split(/\s+/).filter(Boolean));

const SUBSTANTIVE_WORDS = 2;

function substantive(text: string): number {
  const words = text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? [];
  return words.filter((word) => !PLEASANTRIES.has(word.replace(/'s$/, ''))).length;
}

export function isSmallTalk(record: TurnSource): boolean {
  return turnsOf(record).every((turn) => substantive(turn.text) < SUBSTANTIVE_WORDS);
}
