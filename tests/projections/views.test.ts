import { describe, expect, it } from 'vitest';
import { channel, message, T0, user } from '../../fixtures/builders';
import { partsFromText } from '../../projections/compose';
import { channelEntryView, groupOf } from '../../projections/views/channel-view';
import { isContinuation, MERGE_WINDOW_MS } from '../../projections/views/message-view';
import { expandEmoji, isSafeUrl, previewOf, safeParts } from '../../projections/views/text';

describe('sidebar entries', () => {
  it('groups every kind and etype of spec 1 §3', () => {
    expect(groupOf(channel({ address: 'a', channel_type: 0, etype: 'DM' }))).toBe('direct');
    expect(groupOf(channel({ address: 'a', channel_type: 0, etype: 'external DM' }))).toBe('direct');
    expect(groupOf(channel({ address: 'a', channel_type: 1, etype: 'channel' }))).toBe('team');
    expect(groupOf(channel({ address: 'a', channel_type: 1, etype: 'external channel' }))).toBe('team');
    expect(groupOf(channel({ address: 'a', channel_type: 1, etype: 'channel', is_hr: true }))).toBe('department');
    expect(groupOf(channel({ address: 'a', channel_type: 1, etype: 'announcement', is_hr: true }))).toBe('announcement');
    expect(groupOf(channel({ address: 'a', channel_type: 2, etype: 'company' }))).toBe('company');
    expect(groupOf(channel({ address: 'a', channel_type: 3, etype: 'task' }))).toBe('task');
  });

  it('carries posting rights with the reason', () => {
    const company = channel({ address: 'acme', channel_type: 2, etype: 'company' });
    const view = channelEntryView({ channel: company, lastMessage: null }, undefined, user({ target_user_guid: 'bob' }));
    expect(view).toMatchObject({ canPost: false, postingBlockedReason: 'Only company admins can post in the company channel.' });
    const admin = channelEntryView({ channel: company, lastMessage: null }, undefined, user({ target_user_guid: 'alice', is_company_admin: true }));
    expect(admin.canPost).toBe(true);
  });

  it('previews the last message in at most 250 characters with emoji expanded', () => {
    const long = message({ guid: 'm', address: 'a', created: T0, from_guid: 'x', text: `:tada: ${'x'.repeat(400)}` });
    const view = channelEntryView({ channel: channel({ address: 'a' }), lastMessage: long }, { count: 3, mentions: 0, bookmark: null, countedThrough: 0 }, null);
    expect(Array.from(view.preview)).toHaveLength(250);
    expect(view.preview.startsWith('🎉 ')).toBe(true);
    expect(view.unread).toBe(3);
    expect(previewOf([{ type: 'text', text: 'short' }])).toBe('short');
    expect(expandEmoji(':nope: :+1:')).toBe(':nope: 👍');
  });
});

describe('messages as shown', () => {
  it('merges one author within 2 hours', () => {
    const a = message({ guid: 'a', address: 'c', created: T0, from_guid: 'alice' });
    expect(isContinuation(a, message({ guid: 'b', address: 'c', created: T0 + MERGE_WINDOW_MS, from_guid: 'alice' }))).toBe(true);
    expect(isContinuation(a, message({ guid: 'b', address: 'c', created: T0 + MERGE_WINDOW_MS + 1, from_guid: 'alice' }))).toBe(false);
    expect(isContinuation(a, message({ guid: 'b', address: 'c', created: T0 + 1, from_guid: 'bob' }))).toBe(false);
  });

  it('turns unsafe links into text', () => {
    expect(isSafeUrl('https://acme.test/x')).toBe(true);
    expect(isSafeUrl('mailto:bob@acme.test')).toBe(true);
    expect(isSafeUrl('javascript:alert(1)')).toBe(false);
    expect(isSafeUrl('data:text/html,<b>')).toBe(false);
    expect(safeParts([{ type: 'hyperlink', url: 'javascript:alert(1)', text: 'click' }])).toEqual([{ type: 'text', text: 'click' }]);
    expect(safeParts([{ type: 'bullet-list', items: [[{ type: 'hyperlink', url: 'vbscript:x' }]] }])).toEqual([{ type: 'bullet-list', items: [[{ type: 'text', text: 'vbscript:x' }]] }]);
  });
});

describe('composing parts from typed text', () => {
  const people = [user({ target_user_guid: 'b', first_name: 'Bob', last_name: 'Brown' }), user({ target_user_guid: 'c', first_name: 'Carol', last_name: 'Chen' })];

  it('keeps plain text as typed, new lines included', () => {
    expect(partsFromText('hello\nworld <b>x</b>')).toEqual([{ type: 'text', text: 'hello\nworld <b>x</b>' }]);
    expect(partsFromText('   \n ')).toEqual([]);
  });

  it('finds links, mentions and lists', () => {
    expect(partsFromText('see https://acme.test/a, @Bob Brown and @Carol!', people)).toEqual([
      { type: 'text', text: 'see ' },
      { type: 'hyperlink', url: 'https://acme.test/a' },
      { type: 'text', text: ', ' },
      { type: 'person', user_guid: 'b', name: 'Bob Brown', scope: 'user' },
      { type: 'text', text: ' and ' },
      { type: 'person', user_guid: 'c', name: 'Carol', scope: 'user' },
      { type: 'text', text: '!' },
    ]);
    expect(partsFromText('Plan:\n- one\n- two\n1. first\n2. second', people)).toEqual([
      { type: 'text', text: 'Plan:' },
      { type: 'bullet-list', items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
      { type: 'ordered-list', items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]] },
    ]);
    expect(partsFromText('mail bob@acme.test', people)).toEqual([{ type: 'text', text: 'mail bob@acme.test' }]);
  });

  it('numbers a list only as typed: from 1, one by one; another number stays text, as written', () => {
    const item = (text: string) => [{ type: 'text', text }];
    // The part has no start number: "2." alone, or a skipped number, would show as a number the user did not write.
    expect(partsFromText('2. Install the dependencies')).toEqual([{ type: 'text', text: '2. Install the dependencies' }]);
    expect(partsFromText('Steps:\n1. clone\n2. build\n\n3. run\n5. ship')).toEqual([
      { type: 'text', text: 'Steps:' },
      { type: 'ordered-list', items: [item('clone'), item('build'), item('run')] },
      { type: 'text', text: '5. ship' },
    ]);
    expect(partsFromText('1) yes\n1) again')).toEqual([
      { type: 'ordered-list', items: [item('yes')] },
      { type: 'text', text: '1) again' },
    ]);
  });
});
