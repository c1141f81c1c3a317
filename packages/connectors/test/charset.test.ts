import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { charsetOf, decodeBytes } from '../src/charset.js';
import { parseDocument, UnparseableDocument } from '../src/index.js';

// Long enough for statistics: detection on a few words is a guess, which is why valid UTF-8 is taken first.
const FRENCH = "L'été dernier, nous avons visité la forêt près du château. Les élèves ont découvert des champignons très étranges à côté de la rivière, et le garçon a noté leurs caractéristiques dans son cahier. ".repeat(3);
const JAPANESE = '昨日、私たちは東京の美術館に行きました。展示はとても興味深く、特に古い絵画が印象的でした。帰りに駅の近くで美味しいラーメンを食べました。'.repeat(3);
const RUSSIAN = 'Вчера мы ходили в музей. Выставка была очень интересной, особенно старые картины. На обратном пути мы пообедали в маленьком кафе около вокзала. '.repeat(3);

describe('decodeBytes', () => {
  it('honours a declared charset before anything else', () => {
    expect(decodeBytes(iconv.encode(RUSSIAN, 'windows-1251'), 'windows-1251')).toEqual({ text: RUSSIAN, encoding: 'windows-1251' });
    expect(decodeBytes(iconv.encode(JAPANESE, 'Shift_JIS'), 'Shift_JIS').text).toBe(JAPANESE);
    // Declared Latin-1 wins even over bytes that are valid UTF-8 (as in a browser): "Ã©" is what those bytes mean in it.
    expect(decodeBytes(Buffer.from('é'), 'iso-8859-1').text).toBe('Ã©');
  });

  it('takes valid UTF-8 as UTF-8 and detects the charset of anything else', () => {
    expect(decodeBytes(Buffer.from(FRENCH))).toEqual({ text: FRENCH, encoding: 'utf-8' });
    expect(decodeBytes(iconv.encode(FRENCH, 'latin1')).text).toBe(FRENCH);
    expect(decodeBytes(iconv.encode(JAPANESE, 'Shift_JIS')).text).toBe(JAPANESE);
    expect(decodeBytes(iconv.encode(JAPANESE, 'EUC-JP')).text).toBe(JAPANESE);
    expect(decodeBytes(iconv.encode(RUSSIAN, 'windows-1251')).text).toBe(RUSSIAN);
    expect(decodeBytes(iconv.encode(RUSSIAN, 'koi8-r')).text).toBe(RUSSIAN);
  });

  it('reads byte order marks, over a declaration too, and detects when the declared label is unknown', () => {
    expect(decodeBytes(iconv.encode(FRENCH, 'utf-16le', { addBOM: true }))).toEqual({ text: FRENCH, encoding: 'utf-16le' });
    expect(decodeBytes(iconv.encode(FRENCH, 'utf-16be', { addBOM: true }), 'iso-8859-1').text).toBe(FRENCH);
    expect(decodeBytes(iconv.encode(FRENCH, 'latin1'), 'no-such-charset').text).toBe(FRENCH);
  });

  it('reads the charset parameter of a Content-Type, and nothing from a malformed one', () => {
    expect(charsetOf('text/html; Charset="ISO-8859-1"')).toBe('ISO-8859-1');
    expect(charsetOf('text/html')).toBeUndefined();
    expect(charsetOf(undefined)).toBeUndefined();
    expect(charsetOf('not a type; charset=utf-8')).toBeUndefined();
  });
});

describe('documents in other charsets', () => {
  it('Markdown and plain text files in legacy charsets or UTF-16 parse to the right text', async () => {
    const parse = (content: Buffer, mimeType: string) => parseDocument({ content, mimeType, title: 'doc' });
    expect((await parse(iconv.encode(`# Été\n\n${FRENCH}`, 'windows-1252'), 'text/markdown')).title).toBe('Été');
    expect((await parse(iconv.encode(JAPANESE, 'Shift_JIS'), 'text/plain')).text).toBe(JAPANESE.trim());
    expect((await parse(iconv.encode(RUSSIAN, 'utf-16le', { addBOM: true }), 'text/plain')).text).toBe(RUSSIAN.trim());
    // Zero bytes still mean binary once decoded, whatever charset was guessed.
    await expect(parse(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0xff, 0xd8, 0, 1]), 'text/plain')).rejects.toThrow(UnparseableDocument);
  });
});
