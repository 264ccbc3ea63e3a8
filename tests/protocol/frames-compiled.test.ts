/**
 * The frame decoder runs zod's compiled fast path (z.compile). It must answer
 * exactly as the runtime parser does — the same decoded value, key order
 * included (event digests hash the JSON text), the same connection number `n`,
 * and the same rejection reason — for valid frames, frames using defaults, and
 * broken ones: change_seq and file fields on messages, CAN frames, and the CHA
 * refinement (what each action needs) included. (The hand-written fast path of the
 * hottest codes is proven against the schemas in frames-fast.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { decodeDownFrame, DOWN_CODES } from '../../protocol/frames/down';
import { encodeFrame } from '../../protocol/frames/frame-codec';
import { referenceDecode as reference, RUNTIME_SCHEMAS as runtime } from './down-reference';

const message = {
  guid: 'm1',
  address: 'c1',
  created: 1_700_000_000_000,
  from_guid: 'alice',
  from_first_name: 'Alice',
  json: JSON.stringify([{ type: 'text', text: 'hi' }, { type: 'person', user_guid: 'u', name: 'U' }, { type: 'bullet-list', items: [[{ type: 'text', text: 'a' }]] }]),
};
const channel = { guid: 'g1', address: 'c1', name: 'Design', channel_type: 1, etype: 'channel' };
const member = { target_user_guid: 'u2', member_type: 2, member_company_guid: 'acme', first_name: 'Una' };
const invite = { guid: 'i1', original_email: 'x@example.com', email_guid: 'e1', last_sent: 5 };
const file = { file_guid: 'f1', file_name: 'plan.pdf', file_link: '/files/f1', file_size: 1234, hosting_type: 0, permission: 3, scope: 1, preview_link: '/files/f1/preview', uploaded_by_guid: 'alice' };

const valid: [string, unknown][] = [
  ['MSG', { message }],
  ['MSG', { message: { ...message, reply_to: 'm0', is_urgent: true, flag: 3, reactions: [{ target_user_guid: 'bob', content: '👍' }], client_guid: 'cg', from_last_name: 'A' } }],
  ['MSG', { message: { json: message.json, created: 1, from_guid: 'x', address: 'c2', guid: 'm9', unknown_field: 1 } }],
  ['DEL', { address: 'c1', guid: 'm1' }],
  ['DEL', { address: 'c1', guid: 'm1', from_guid: 'alice', created: 5, reply_to: null }],
  ['REA', { address: 'c1', guid: 'm1', reactions: [] }],
  ['REA', { address: 'c1', guid: 'm1', reactions: [{ target_user_guid: 'bob', content: '🎉' }, { target_user_guid: 'carol', content: 'x' }] }],
  ['TYP', { address: 'c1', user_guid: 'alice' }],
  ['TYP', { address: 'c1', user_guid: 'alice', first_name: 'Alice', last_name: 'Anders' }],
  ['CHK', { check: 1 }],
  ['ACK', { check: 'abc' }],
  ['OUT', {}],
  ['OUT', { reason: 'bye' }],
  ['CHA', { action: 'remove', address: 'c1' }],
  ['CHA', { action: 'add', channel }],
  ['ALR', { alert: { guid: 'a1', alert_type: 4, alert_created: 5 } }],
  ['ALR', { alert: { guid: 'a1', alert_type: 4, alert_created: 5, target: { address: 'c1' }, is_dismissed: true, toast_id: 't' } }],
  ['ALD', { alerts: ['a1', 'a2'] }],
  ['FAV', { address: 'c1', guid: 'm1', flag: 3 }],
  ['NOS', { user_guid: 'u1', connection_state: 'idle' }],
  ['CRQ', { action: 'remove', guid: 'g1' }],
  ['BLO', { company_guid: 'acme', is_blocked: true }],
  ['MSG', { message: { ...message, reply_to: 'm0', reply_count: 2, last_reply_ts: 5 } }],
  // change_seq, the connection number n, and a shared file's fields.
  ['MSG', { message: { ...message, change_seq: 42 }, n: 7 }],
  ['MSG', { message: { ...message, change_seq: null, ...file }, n: 1 }],
  ['MSG', { message: { ...message, file_guid: 'f2', file_name: 'x.png' }, n: 0 }],
  ['MSG', { message, n: 'seven' }],
  ['DEL', { address: 'c1', guid: 'm1', change_seq: 9, n: 3 }],
  ['REA', { address: 'c1', guid: 'm1', reactions: [], change_seq: 10, n: 4 }],
  ['REA', { address: 'c1', guid: 'm1', reactions: [], n: 2.5 }],
  ['CHA', { action: 'remove', address: 'c1', n: 5 }],
  ['CHA', { action: 'remove', channel }],
  ['CHA', { action: 'modify', channel, n: 6 }],
  ['CHA', { action: 'change_company', channel }],
  ['CHA', { action: 'member_added', address: 'c1', member }],
  ['CHA', { action: 'member_updated', channel, member }],
  ['CHA', { action: 'member_removed', address: 'c1', target_user_guid: 'u2' }],
  ['CHA', { action: 'invite_added', address: 'c1', invite }],
  ['CHA', { action: 'invite_removed', address: 'c1', invite_guid: 'i1' }],
  ['CAN', { target_user_guid: 'u1' }],
  ['CAN', { target_user_guid: 'u1', alerts: ['a1', 'a2'] }],
  // n on a frame that is not numbered is ignored.
  ['FAV', { address: 'c1', guid: 'm1', flag: 1, n: 9 }],
];

const invalid: [string, unknown][] = [
  ['MSG', {}],
  ['MSG', { message: { ...message, created: 'yesterday' } }],
  ['MSG', { message: { ...message, created: -1 } }],
  ['MSG', { message: { ...message, guid: '' } }],
  ['MSG', { message: { ...message, json: '{' } }],
  ['MSG', { message: { ...message, json: '[{"type":"script"}]' } }],
  ['MSG', { message: { ...message, json: '[{"type":"video_conference","token":"abc"}]' } }],
  ['MSG', { message: { ...message, flag: 13 } }],
  ['MSG', { message: { ...message, reactions: [{ target_user_guid: 'bob', content: '' }] } }],
  ['DEL', { address: 'c1' }],
  ['DEL', { address: 'c1', guid: 'm1', created: 1.5 }],
  ['REA', { address: 'c1', guid: 'm1', reactions: 'many' }],
  ['TYP', { address: 'c1', user_guid: 42 }],
  ['TYP', { address: 'c1', user_guid: 'alice', first_name: 'x'.repeat(201) }],
  ['CHK', { check: true }],
  ['ACK', {}],
  ['OUT', { reason: 1 }],
  ['CHA', { action: 'explode' }],
  ['CHA', { action: 'add', channel: { ...channel, channel_type: 9 } }],
  ['ALR', { alert: { guid: 'a1', alert_type: -1, alert_created: 5 } }],
  ['ALR', { alert: { guid: 'a1', alert_type: 4 } }],
  ['ALD', { alerts: [] }],
  ['FAV', { address: 'c1', guid: 'm1', flag: 13 }],
  ['NOS', { user_guid: 'u1' }],
  ['CRQ', { action: 'request' }],
  ['BLO', { company_guid: 'acme' }],
  ['MSG', { message: { ...message, change_seq: -1 } }],
  ['MSG', { message: { ...message, change_seq: 1.5 } }],
  ['MSG', { message: { ...message, file_size: -3 } }],
  ['MSG', { message: { ...message, hosting_type: 8 } }],
  ['MSG', { message: { ...message, file_link: 'x'.repeat(4_001) } }],
  ['DEL', { address: 'c1', guid: 'm1', change_seq: 'late' }],
  ['REA', { address: 'c1', guid: 'm1', reactions: [], change_seq: -2 }],
  // The CHA refinement: each action without what it needs.
  ['CHA', { action: 'add' }],
  ['CHA', { action: 'add', address: 'c1' }],
  ['CHA', { action: 'modify', address: 'c1' }],
  ['CHA', { action: 'change' }],
  ['CHA', { action: 'change_company', address: 'c1' }],
  ['CHA', { action: 'remove' }],
  ['CHA', { action: 'member_added', address: 'c1' }],
  ['CHA', { action: 'member_added', member }],
  ['CHA', { action: 'member_updated', address: 'c1' }],
  ['CHA', { action: 'member_removed', address: 'c1' }],
  ['CHA', { action: 'member_removed', target_user_guid: 'u2' }],
  ['CHA', { action: 'invite_added', address: 'c1' }],
  ['CHA', { action: 'invite_removed', address: 'c1' }],
  ['CHA', { action: 'member_added', address: 'c1', member: { ...member, member_type: 1 } }],
  ['CAN', {}],
  ['CAN', { target_user_guid: 'u1', alerts: [''] }],
  ['CAN', { target_user_guid: 'u1', alerts: 'a1' }],
];

describe('compiled frame decoding', () => {
  it('covers every frame code the decoder knows, valid and invalid', () => {
    expect(Object.keys(runtime).sort()).toEqual([...DOWN_CODES].sort());
    for (const code of DOWN_CODES) {
      expect(valid.some(([c]) => c === code), `a valid ${code}`).toBe(true);
      expect(invalid.some(([c]) => c === code), `an invalid ${code}`).toBe(true);
    }
  });

  it('decodes valid frames to the same value, keys in the same order', () => {
    for (const [code, body] of valid) {
      const text = encodeFrame(code, body);
      const decoded = decodeDownFrame(text);
      expect(decoded.ok, text).toBe(true);
      expect(JSON.stringify(decoded), text).toBe(JSON.stringify(reference(text)));
    }
  });

  it('rejects invalid frames with the same reason', () => {
    for (const [code, body] of invalid) {
      const text = encodeFrame(code, body);
      const decoded = decodeDownFrame(text);
      expect(decoded.ok, text).toBe(false);
      expect(decoded, text).toEqual(reference(text));
    }
  });

  it('answers the same after a rejection (no state kept between frames)', () => {
    for (const [code, body] of [...invalid, ...valid]) {
      const text = encodeFrame(code, body);
      expect(JSON.stringify(decodeDownFrame(text)), text).toBe(JSON.stringify(reference(text)));
    }
  });
});
