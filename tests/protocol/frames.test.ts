import { describe, expect, it } from 'vitest';
import { decodeDownFrame } from '../../protocol/frames/down';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { decodeUpFrame, encodeUpFrame } from '../../protocol/frames/up';

const wireMessage = {
  guid: 'm1',
  address: 'c1',
  created: 1_700_000_000_000,
  from_guid: 'alice',
  from_first_name: 'Alice',
  from_last_name: 'Anders',
  json: JSON.stringify([{ type: 'text', text: 'hi' }]),
};

describe('socket frames: a 4-character type, then JSON (spec 1 §7)', () => {
  it('decodes every inbound family', () => {
    const frames = {
      MSG: { message: wireMessage },
      DEL: { address: 'c1', guid: 'm1' },
      REA: { address: 'c1', guid: 'm1', reactions: [{ target_user_guid: 'bob', content: '👍' }] },
      TYP: { address: 'c1', user_guid: 'alice' },
      CHK: { check: 1 },
      ACK: { check: 1 },
      OUT: {},
      CHA: { action: 'remove', address: 'c1' },
    };
    for (const [code, body] of Object.entries(frames)) {
      const decoded = decodeDownFrame(encodeFrame(code, body));
      expect(decoded.ok, code).toBe(true);
    }
    const msg = decodeDownFrame(encodeFrame('MSG', { message: wireMessage }));
    expect(msg.ok === true && msg.value.code === 'MSG' && msg.value.data.message.parts).toEqual([{ type: 'text', text: 'hi' }]);
  });

  it('accepts the code followed directly by JSON', () => {
    expect(decodeDownFrame('ACK{"check":3}').ok).toBe(true);
  });

  it('rejects bad input with the code and a reason, never throwing', () => {
    const cases: [unknown, string, RegExp][] = [
      [42, '????', /not text/],
      ['hello', '????', /3-letter code/],
      ['MSG {not json', 'MSG', /not valid JSON/],
      ['ZZZ {}', 'ZZZ', /unknown frame code/],
      [encodeFrame('MSG', { message: { ...wireMessage, created: 'yesterday' } }), 'MSG', /message\.created/],
      [encodeFrame('MSG', { message: { ...wireMessage, json: '[{"type":"script"}]' } }), 'MSG', /json/],
      [encodeFrame('MSG', { message: { ...wireMessage, json: '{' } }), 'MSG', /not valid JSON/],
      [encodeFrame('CHA', { action: 'explode' }), 'CHA', /action/],
    ];
    for (const [input, code, reason] of cases) {
      const decoded = decodeDownFrame(input);
      expect(decoded.ok, String(input)).toBe(false);
      if (decoded.ok === false) {
        expect(decoded.error.code).toBe(code);
        expect(decoded.error.reason).toMatch(reason);
      }
    }
  });

  it('ignores receive codes the spec lists that Plaza does not handle yet', () => {
    expect(decodeDownFrame('VCH {}')).toEqual({ ok: 'ignored', code: 'VCH' });
  });

  it('encodes outbound frames and decodes them on the server side', () => {
    const text = encodeUpFrame({ code: 'DEV', data: { device_guid: 'd1', is_idle: false } });
    expect(text).toBe('DEV {"device_guid":"d1","is_idle":false}');
    expect(decodeUpFrame(text)).toEqual({ ok: true, value: { code: 'DEV', data: { device_guid: 'd1', is_idle: false } } });
    expect(decodeUpFrame('TYP {}').ok).toBe(false);
    expect(decodeUpFrame('MSG {}').ok).toBe(false);
  });
});
