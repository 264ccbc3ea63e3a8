// @vitest-environment jsdom
/** The real UI, rendered from a recorded session replayed by the real core. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inputIndexOfIntent, loadSession, mountSession } from './mount-session';

const file = loadSession('bob-reads-and-replies.jsonl');
const addressNamed = (replay: Awaited<ReturnType<typeof mountSession>>['replay'], name: string) =>
  [...replay.core.projections.channels.byAddress.values()].find((r) => r.channel.name === name)!.channel.address;

beforeEach(() => {
  localStorage.clear();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(file.header.started + 60_000); // a fixed "now", one minute into the session
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('UI from a recorded session', () => {
  it('shows the conversation Bob had open at the end, and the sidebar as he left it', async () => {
    const view = await mountSession(file, { path: (r) => `/conversations/${addressNamed(r, 'Design')}` });
    expect(screen.getByRole('heading', { name: 'Design' })).toBeTruthy();
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('design review at 3?')).toBeTruthy();
    const sidebar = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(sidebar).getByRole('link', { name: 'Alice Anders' })).toBeTruthy(); // read: no badge
    expect(within(sidebar).getByRole('heading', { name: 'Direct messages' })).toBeTruthy();
    view.unmount();
  });

  it('shows the direct message as it was right after Bob replied, with the link as a link', async () => {
    // Everything before Bob opened the second conversation (Design).
    const beforeDesign = inputIndexOfIntent(file, '$openConversation', 2, (a) => a[0] !== null) - 1;
    const view = await mountSession(file, { until: beforeDesign, path: (r) => `/conversations/${addressNamed(r, 'Alice Anders')}` });
    const log = screen.getByRole('log', { name: 'Messages' });
    expect(within(log).getByText('hello Bob')).toBeTruthy();
    expect(within(log).getByRole('link', { name: 'https://acme.test' }).getAttribute('href')).toBe('https://acme.test');
    expect(within(screen.getByRole('navigation', { name: 'Conversations' })).queryByLabelText(/unread$/)).toBeNull();
    view.unmount();
  });

  it('sends what the user does to the core as intents', async () => {
    const view = await mountSession(file, { path: (r) => `/conversations/${addressNamed(r, 'Design')}` });
    const composer = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'from the fixture' } });
    fireEvent.keyDown(composer, { key: 'Enter' });
    expect(view.core.callsTo('$post').at(-1)?.[1]).toBe('from the fixture');
    view.unmount();
  });

  it("lists what Bob typed and did not send on the Drafts page, named from the real views, and opens it again", async () => {
    const view = await mountSession(file, { path: (r) => `/conversations/${addressNamed(r, 'Design')}` });
    const design = view.location();
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'not sent yet' } });
    const sidebar = screen.getByRole('navigation', { name: 'Conversations' });
    await act(async () => fireEvent.click(within(sidebar).getByRole('link', { name: 'Drafts 1' })));
    const drafts = screen.getByRole('region', { name: 'Drafts' });
    const draft = within(drafts).getByRole('group', { name: 'Design' });
    expect(within(draft).getByText('not sent yet')).toBeTruthy();
    // Edited now: the session's fixed clock.
    expect(within(draft).getByText(/^Edited/).textContent).toMatch(/^Edited Today \d\d:\d\d$/);
    await act(async () => fireEvent.click(within(draft).getByRole('button', { name: 'Open' })));
    expect(view.location()).toBe(design);
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveProperty('value', 'not sent yet');
    view.unmount();
  });
});
