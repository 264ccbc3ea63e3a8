/** Composing commands, channel-wide mentions and conference links; rendering access codes, emoji and commands. */
import { describe, expect, it } from 'vitest';
import { user } from '../../fixtures/builders';
import { partsFromText } from '../../projections/compose';
import { commandText, expandEmoji, formatAccessCode, partsToText, previewOf, safeParts } from '../../projections/views/text';
import { baseEmoji, EMOJI, EMOJI_BY_CODE, withSkinTone } from '../../protocol/emoji';
import { FLAG_COLOURS, flagColour, flagLabel } from '../../protocol/flags';

const people = [user({ target_user_guid: 'b', first_name: 'Bob', last_name: 'Brown' }), user({ target_user_guid: 'al', first_name: 'Alice', last_name: 'Anders' })];

describe('composing', () => {
  it('turns a message starting with a known command into a command part, anything else into text', () => {
    expect(partsFromText('/me waves')).toEqual([{ type: 'command', code: 'me', text: 'waves' }]);
    expect(partsFromText('/shrug')).toEqual([{ type: 'command', code: 'shrug', text: '' }]);
    expect(partsFromText('/code  if (x) {\n    y();\n  }\n')).toEqual([{ type: 'command', code: 'code', text: 'if (x) {\n    y();\n  }' }]);
    expect(partsFromText('/etc/hosts is a file')).toEqual([{ type: 'text', text: '/etc/hosts is a file' }]);
    expect(partsFromText('/unknown thing')).toEqual([{ type: 'text', text: '/unknown thing' }]);
    expect(partsFromText('/me')).toEqual([{ type: 'text', text: '/me' }]);
  });

  it('makes conference links and /vc into video_conference parts with a numeric token only', () => {
    expect(partsFromText('/vc 4815162342')).toEqual([{ type: 'video_conference', token: '4815162342' }]);
    expect(partsFromText('/vc abc')).toEqual([{ type: 'text', text: '/vc abc' }]);
    expect(partsFromText('join https://plaza.test/vc/123456 now')).toEqual([
      { type: 'text', text: 'join ' },
      { type: 'video_conference', token: '123456' },
      { type: 'text', text: ' now' },
    ]);
    expect(partsFromText('https://plaza.test/corporate/resource/vc?token_id=987')).toEqual([{ type: 'video_conference', token: '987' }]);
    expect(partsFromText('https://plaza.test/vc/12ab')).toEqual([{ type: 'hyperlink', url: 'https://plaza.test/vc/12ab' }]);
  });

  it('mentions @channel and @all with the conversation as target, and people with scope user', () => {
    expect(partsFromText('@channel and @all, @Alice', { users: people, address: 'c1' })).toEqual([
      { type: 'person', user_guid: 'c1', name: 'channel', scope: 'channel' },
      { type: 'text', text: ' and ' },
      { type: 'person', user_guid: 'c1', name: 'all', scope: 'all' },
      { type: 'text', text: ', ' },
      { type: 'person', user_guid: 'al', name: 'Alice', scope: 'user' },
    ]);
    // Without a conversation there is nothing to name: text.
    expect(partsFromText('@channel', { users: people })).toEqual([{ type: 'text', text: '@channel' }]);
    expect(partsFromText('@allison', { users: people, address: 'c1' })).toEqual([{ type: 'text', text: '@allison' }]);
  });
});

describe('rendering', () => {
  it('groups the access code 3-3-rest (spec 1 §5)', () => {
    expect(formatAccessCode('4815162342')).toBe('481 516 2342');
    expect(formatAccessCode('1234567')).toBe('123 456 7');
    expect(formatAccessCode('12345')).toBe('123 45');
    expect(formatAccessCode('12')).toBe('12');
    expect(safeParts([{ type: 'video_conference', token: '4815162342' }])).toEqual([{ type: 'video_conference', token: '4815162342', access_code: '481 516 2342' }]);
  });

  it('expands emoji short codes in text and list items, not in commands or links', () => {
    expect(safeParts([{ type: 'text', text: 'ship it :rocket: :nope:' }])).toEqual([{ type: 'text', text: 'ship it 🚀 :nope:' }]);
    expect(safeParts([{ type: 'bullet-list', items: [[{ type: 'text', text: ':white_check_mark: done' }]] }])).toEqual([
      { type: 'bullet-list', items: [[{ type: 'text', text: '✅ done' }]] },
    ]);
    expect(safeParts([{ type: 'command', code: 'code', text: ':x:' }])).toEqual([{ type: 'command', code: 'code', text: ':x:' }]);
    expect(expandEmoji(':+1: :thumbsup: :THUMBSUP:')).toBe('👍 👍 👍');
  });

  it('previews commands, lists and conferences as text within 250 characters', () => {
    expect(commandText({ type: 'command', code: 'shrug', text: 'oh well' })).toBe('oh well ¯\\_(ツ)_/¯');
    expect(partsToText([{ type: 'video_conference', token: '1234567' }])).toBe('Video conference 123 456 7');
    expect(previewOf([{ type: 'ordered-list', items: [[{ type: 'text', text: 'a :tada:' }], [{ type: 'text', text: 'b' }]] }])).toBe('a 🎉 · b');
    const long = previewOf([{ type: 'text', text: `${'🎉'.repeat(300)}` }]);
    expect(Array.from(long)).toHaveLength(250);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('emoji and flags', () => {
  it('has unique short codes and applies skin tones only to emoji that take one', () => {
    const codes = EMOJI.flatMap((e) => [e.code, ...e.aliases]);
    expect(new Set(codes).size).toBe(codes.length);
    expect(EMOJI_BY_CODE.get('thumbsup')).toBe('👍');
    expect(withSkinTone('👍', 3)).toBe('👍🏽');
    expect(withSkinTone('👍🏽', 0)).toBe('👍');
    expect(withSkinTone('✌️', 5)).toBe('✌🏿');
    expect(baseEmoji('✌🏿')).toBe('✌️');
    expect(withSkinTone('🎉', 3)).toBe('🎉');
  });

  it('names the 12 flag colours with ids 1 to 12', () => {
    expect(FLAG_COLOURS).toHaveLength(12);
    expect([flagColour(1), flagColour(5), flagColour(12), flagColour(0), flagColour(13)]).toEqual(['yellow', 'red', 'yellow-green', null, null]);
    expect(flagLabel(2)).toBe('Yellow-orange');
  });
});
