// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../protocol/result';
import { draftsStorageKey } from '../client/drafts';
import { renderApp } from '../testing/render-app';
import { ALICE, channelView, metaView, signedIn, signedOut, snapshot } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const channels = [
  channelView({ address: 'c1', name: 'General' }),
  channelView({ address: 'c2', name: 'Random' }),
  channelView({ address: 'ann', name: 'News', group: 'announcement', canPost: false, postingBlockedReason: 'Only admins can post in announcements.' }),
];

const open = (address = 'c1') =>
  renderApp({
    path: `/conversations/${address}`,
    patches: [snapshot({ channels: { put: channels, remove: [] }, conversation: { address, reset: true, meta: metaView(address), messages: { put: [], remove: [] } } })],
  });

const textbox = () => screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(textbox(), { target: { value: text } });

describe('Composer', () => {
  it('Enter sends the text and clears the box; typing is reported', async () => {
    const app = open();
    type('Hello team');
    expect(app.core.callsTo('$typing')).toEqual([['c1']]);
    await act(async () => fireEvent.keyDown(textbox(), { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'Hello team']]);
    expect(textbox().value).toBe('');
  });

  it('Shift+Enter does not send', async () => {
    const app = open();
    type('line one');
    await act(async () => fireEvent.keyDown(textbox(), { key: 'Enter', shiftKey: true }));
    expect(app.core.callsTo('$post')).toEqual([]);
    expect(textbox().value).toBe('line one');
  });

  it('ignores blank text, and the Send button sends too', async () => {
    const app = open();
    type('   \n ');
    await act(async () => fireEvent.keyDown(textbox(), { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([]);
    type('via button');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send' })));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'via button']]);
  });

  it('puts the text back and shows the error when posting fails', async () => {
    const app = open();
    app.core.postResult = fail({ name: 'HttpError', message: 'Message could not be sent.' });
    type('Important');
    await act(async () => fireEvent.keyDown(textbox(), { key: 'Enter' }));
    expect(textbox().value).toBe('Important');
    expect(screen.getByRole('alert').textContent).toBe('Message could not be sent.');
  });

  it('is disabled with the reason as its description when posting is not allowed', () => {
    open('ann');
    expect(textbox().disabled).toBe(true);
    expect(textbox().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(textbox().getAttribute('aria-describedby')!)?.textContent).toBe('Only admins can post in announcements.');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('keeps what was typed while posting is refused (a person blocked meanwhile), and gives it back when allowed again', () => {
    const app = open('c1');
    type('Before the block');
    const reason = "You can't send messages to General: they are blocked from your company.";
    app.push({ seq: 2, reset: false, channels: { put: [channelView({ address: 'c1', name: 'General', canPost: false, postingBlockedReason: reason })], remove: [] } });
    expect(textbox().disabled).toBe(true);
    expect(textbox().value).toBe('Before the block');
    expect(document.getElementById(textbox().getAttribute('aria-describedby')!)?.textContent).toBe(reason);
    expect(JSON.parse(localStorage.getItem(draftsStorageKey(ALICE.guid))!)).toEqual({ c1: 'Before the block' });
    app.push({ seq: 3, reset: false, channels: { put: [channelView({ address: 'c1', name: 'General' })], remove: [] } });
    expect(textbox().disabled).toBe(false);
    expect(textbox().value).toBe('Before the block');
  });

  it('keeps a draft per conversation across switches and reloads', () => {
    const app = open('c1');
    type('half-written thought');
    fireEvent.click(screen.getByRole('link', { name: 'Random' }));
    expect(textbox().value).toBe('');
    fireEvent.click(screen.getByRole('link', { name: 'General' }));
    expect(textbox().value).toBe('half-written thought');
    expect(JSON.parse(localStorage.getItem(draftsStorageKey(ALICE.guid))!)).toEqual({ c1: 'half-written thought' });

    app.unmount();
    open('c1');
    expect(textbox().value).toBe('half-written thought');
  });

  it('keeps "Urgent" ticked for its draft across switches, until the message is sent', async () => {
    const app = open('c1');
    const urgent = () => screen.getByRole('checkbox', { name: 'Urgent' }) as HTMLInputElement;
    type('the build is broken');
    fireEvent.click(urgent());
    fireEvent.click(screen.getByRole('link', { name: 'Random' }));
    expect(urgent().checked).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'General' }));
    expect(textbox().value).toBe('the build is broken');
    expect(urgent().checked).toBe(true);
    await act(async () => fireEvent.keyDown(textbox(), { key: 'Enter' }));
    expect(app.core.callsTo('$post')).toEqual([['c1', 'the build is broken', { is_urgent: true }]]);
    expect(urgent().checked).toBe(false);
    fireEvent.click(screen.getByRole('link', { name: 'Random' }));
    fireEvent.click(screen.getByRole('link', { name: 'General' }));
    expect(urgent().checked).toBe(false);
  });

  it("does not show a user's draft to whoever signs in next in the browser", () => {
    const app = open('c1');
    type('for my eyes only');
    app.push(snapshot({ session: signedOut }));
    const bob = { ...signedIn, user: { ...ALICE, guid: 'u-bob', name: 'Bob Brown', email: 'bob@acme.test' } };
    app.push(snapshot({ session: bob, channels: { put: channels, remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [], remove: [] } } }));
    expect(textbox().value).toBe('');
    app.push(snapshot({ session: signedIn, channels: { put: channels, remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [], remove: [] } } }));
    expect(textbox().value).toBe('for my eyes only');
  });
});
