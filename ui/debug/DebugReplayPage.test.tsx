// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from '../App';
import { PlazaProvider } from '../client/core-context';
import { createRouter } from '../client/router';
import { applyPatch, createViewStore } from '../client/view-store';
import { FakeCore } from '../testing/fake-core';
import { FakeDebugApi } from '../testing/fake-debug';
import { chooseSessionAction } from '../testing/render-app';
import { signedIn, signedOut, snapshot } from '../testing/views';
import { DebugReplayPage } from './DebugReplayPage';

afterEach(cleanup);

/** A Blob's text (jsdom's Blob has no text()). */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function importFile(text: string): Promise<void> {
  const input = screen.getByLabelText('Import session');
  await act(async () => {
    fireEvent.change(input, { target: { files: [new File([text], 'session.jsonl')] } });
  });
}

async function loaded() {
  const api = new FakeDebugApi();
  render(<DebugReplayPage api={api} />);
  await importFile('{"format":"plaza-session"}\n');
  await screen.findByText('Replay matches the recording');
  const slider = screen.getByRole('slider', { name: 'Position' });
  await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('30'));
  return { api, slider };
}

/** A session loaded whose event checks have not started: the summary says they are under way. */
async function loadedWhileChecking() {
  const api = new FakeDebugApi();
  api.checking = { done: 0, total: 5000 };
  render(<DebugReplayPage api={api} />);
  await importFile('{"format":"plaza-session"}\n');
  const summary = await screen.findByRole('region', { name: 'Summary' });
  await within(summary).findByText("Checking the replay's events against the recording…");
  return { api, summary };
}

describe('session-replay debugger', () => {
  it('says so when a load fails in the worker, instead of going back to asking for a file', async () => {
    const api = new FakeDebugApi();
    api.$load = () => Promise.reject(new Error('Cannot read properties of null'));
    render(<DebugReplayPage api={api} />);
    await importFile('{"format":"plaza-session"}\n');
    expect((await screen.findByRole('alert')).textContent).toBe('The session could not be loaded: Cannot read properties of null');
    expect(screen.queryByText(/^Choose a session file/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull(); // no longer loading
  });

  it('shows how far a load has got: the phase, and a bar with the inputs replayed', async () => {
    const api = new FakeDebugApi();
    let release = (): void => {};
    api.loadGate = new Promise<void>((resolve) => (release = resolve));
    api.progress = { phase: 'replaying', done: 1200, total: 30000 };
    render(<DebugReplayPage api={api} />);
    await importFile('{"format":"plaza-session"}\n');
    const bar = await screen.findByRole('progressbar', { name: 'Inputs replayed' });
    expect(bar.getAttribute('aria-valuetext')).toBe('1,200 of 30,000 inputs');
    expect(screen.getByRole('status').textContent).toBe('Replaying…');
    api.progress = { phase: 'checkpoints', done: 30000, total: 30000 };
    await screen.findByText('Building checkpoints…');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await act(async () => release());
    await screen.findByText('Replay matches the recording');
    expect(screen.queryByText('Building checkpoints…')).toBeNull();
  });

  it("checks the replay's events after the load: the session can be used meanwhile, and the verdict follows", async () => {
    const { api, summary } = await loadedWhileChecking();
    // Nothing is said to match, or to differ, before the checks are done.
    expect(within(summary).queryByText('Replay matches the recording')).toBeNull();
    expect(within(summary).queryByRole('alert')).toBeNull();
    // Usable meanwhile: the playhead moves.
    const slider = screen.getByRole('slider', { name: 'Position' });
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('30'));
    api.checking = { done: 2500, total: 5000 };
    await waitFor(() => expect(within(summary).getByRole('progressbar', { name: 'Event checks made' }).getAttribute('aria-valuetext')).toBe('2,500 of 5,000 checks'));
    api.checking = null;
    await within(summary).findByText('Replay matches the recording');
    expect(within(summary).queryByRole('progressbar')).toBeNull();
  });

  it('shows a divergence the event checks find after the load, and where it is', async () => {
    const { api, summary } = await loadedWhileChecking();
    api.checking = null;
    api.divergence = { input: 12, line: 40, what: 'events', expected: '{"events":1}', actual: '{"events":2}' };
    const alert = await within(summary).findByRole('alert');
    expect(alert.textContent).toContain('Replay diverged after input 12 (line 40): the events it appended differ.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Go to input 12' }));
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Position' }).getAttribute('aria-valuenow')).toBe('12'));
  });

  it('says of an unsealed file that it has no final hash, why, and which build recorded it', async () => {
    const api = new FakeDebugApi();
    api.unsealed = { by: 'plaza-web 0.5.0', input: 12, line: 40, reason: 'the events it appended differ' };
    render(<DebugReplayPage api={api} />);
    await importFile('{"format":"plaza-session"}\n');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const verdict = await within(summary).findByText(/^Replay matches/);
    expect(verdict.textContent).toBe('Replay matches every recorded input; the recording has no final hash to compare');
    expect(verdict.getAttribute('role')).toBe('status');
    expect(within(summary).getByText('0123456789abcdef (none recorded: the file is unsealed)')).toBeTruthy();
    expect(within(summary).getByText(/^Unsealed recording:/).textContent).toBe(
      'Unsealed recording: it was exported without a final hash, as its replay on plaza-web 0.5.0 differed after input 12 (line 40): the events it appended differ. ' +
        'Its inputs are as recorded by plaza-web 0.1.0; replay it on that build to check them all.',
    );
    expect(within(summary).queryByText('Replay matches the recording')).toBeNull();
  });

  it('lets the session go while another is loading: nothing of it is left to scrub', async () => {
    const { api } = await loaded();
    let release = (): void => {};
    api.loadGate = new Promise<void>((resolve) => (release = resolve));
    await importFile('{"format":"plaza-session"}\n');
    await screen.findByRole('status');
    expect(screen.queryByText(/Choose a session file/)).toBeNull(); // one is being loaded
    expect(screen.queryByRole('region', { name: 'Summary' })).toBeNull();
    expect(screen.queryByRole('slider', { name: 'Position' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Replayed app' })).toBeNull();
    await act(async () => release());
    await screen.findByText('Replay matches the recording');
    expect(screen.getByRole('slider', { name: 'Position' })).toBeTruthy();
  });

  it('imports a file and shows the summary', async () => {
    await loaded();
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('plaza-web 0.1.0')).toBeTruthy();
    expect(within(summary).getAllByText('30')).toHaveLength(2);
    expect(within(summary).getByText(/0123456789abcdef \(recorded/)).toBeTruthy();
  });

  it('groups the digits of a large session\'s input and event counts, as its other counts', async () => {
    const api = new FakeDebugApi();
    const large = <T extends { inputs: number; events: number } | null>(s: T): T => (s ? { ...s, inputs: 50_378, events: 1_234_567 } : s);
    const [load, summaryOf] = [api.$load.bind(api), api.$summary.bind(api)];
    api.$load = async (session) => {
      const result = await load(session);
      return result.ok ? { ...result, value: large(result.value) } : result;
    };
    api.$summary = async () => large(await summaryOf());
    render(<DebugReplayPage api={api} />);
    await importFile('{"format":"plaza-session"}\n');
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('50,378')).toBeTruthy();
    expect(within(summary).getByText('1,234,567')).toBeTruthy();
  });

  it('names the line when a file is refused', async () => {
    render(<DebugReplayPage api={new FakeDebugApi()} />);
    await importFile('bad file');
    expect((await screen.findByRole('alert')).textContent).toBe('line 2: not valid JSON');
  });

  it('scrubs with the keyboard and the step buttons', async () => {
    const { api, slider } = await loaded();
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(slider.getAttribute('aria-valuenow')).toBe('29');
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowUp' });
    expect(slider.getAttribute('aria-valuenow')).toBe('2');
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    expect(slider.getAttribute('aria-valuenow')).toBe('3');
    fireEvent.click(screen.getByRole('button', { name: 'Step back' }));
    fireEvent.keyDown(slider, { key: 'End' });
    expect(slider.getAttribute('aria-valuenow')).toBe('30');
    await screen.findByText('hash hash-30 · 30 events · 1.0 ms');
    // The event rate is plotted over time, apart from the slider over inputs, and says what it shows.
    expect((await screen.findByRole('figure')).textContent).toBe('Events per 15 ms over 3 s, at most 3; the orange line is input 30’s time.');
    // One state is asked for at a time, then the latest position wanted (debug-controller.test.ts).
    expect(api.seeks[0]).toBe(30);
    expect(api.seeks.at(-1)).toBe(30);
  });

  it('saves the inputs up to the playhead as a session file, and says why when it cannot', async () => {
    const { api, slider } = await loaded();
    const createObjectURL = vi.fn((_file: Blob) => 'blob:first');
    Object.assign(URL, { createObjectURL, revokeObjectURL: () => {} });
    fireEvent.keyDown(slider, { key: 'Home' });
    expect((screen.getByRole('button', { name: 'Save inputs' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(slider, { key: 'PageUp' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save inputs 1–11' })));
    expect(api.trims).toEqual([11]);
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await readBlob(createObjectURL.mock.calls[0]![0])).toBe('first 11 inputs\n');

    api.trimFailure = 'The replay differed from the recording at input 5: only the inputs before it can be saved.';
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save inputs 1–11' })));
    expect(screen.getByRole('alert').textContent).toBe('Could not save: The replay differed from the recording at input 5: only the inputs before it can be saved.');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(screen.queryByRole('alert')).toBeNull();

    // While a save is under way the playhead can move: the button goes on naming what it saves.
    api.trimFailure = null;
    let release = () => {};
    api.trimHeld = new Promise<void>((resolve) => (release = resolve));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save inputs 1–10' })));
    fireEvent.keyDown(slider, { key: 'Home' });
    const saving = screen.getByRole('button', { name: 'Saving inputs 1–10…' });
    expect(saving.getAttribute('aria-disabled')).toBe('true');
    await act(async () => release());
    expect(createObjectURL).toHaveBeenCalledTimes(2);
    expect(await readBlob(createObjectURL.mock.calls[1]![0])).toBe('first 10 inputs\n');
    expect(screen.getByRole('button', { name: 'Save inputs' })).toBeTruthy();
  });

  it('plays and pauses', async () => {
    const { slider } = await loaded();
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(Number(slider.getAttribute('aria-valuenow'))).toBeGreaterThan(1), { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    const at = slider.getAttribute('aria-valuenow');
    await new Promise((r) => setTimeout(r, 250));
    expect(slider.getAttribute('aria-valuenow')).toBe(at);
  });

  it('keeps the keyboard focus on a playback button that its own press makes unavailable', async () => {
    const { slider } = await loaded();
    const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
    // At the end, Step forward and Pause are unavailable: they say so, yet stay focusable (not disabled).
    expect(button('Step forward').getAttribute('aria-disabled')).toBe('true');
    expect(button('Step forward').disabled).toBe(false);
    expect(button('Pause').getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button('Step forward')); // ignored
    expect(slider.getAttribute('aria-valuenow')).toBe('30');

    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    button('Step back').focus();
    fireEvent.click(button('Step back'));
    expect(slider.getAttribute('aria-valuenow')).toBe('0');
    expect(button('Step back').getAttribute('aria-disabled')).toBe('true');
    expect(button('Step back').disabled).toBe(false);
    expect(document.activeElement).toBe(button('Step back'));

    button('Play').focus();
    fireEvent.click(button('Play'));
    expect(button('Play').getAttribute('aria-disabled')).toBe('true');
    expect(button('Play').disabled).toBe(false);
    expect(button('Pause').getAttribute('aria-disabled')).toBeNull();
    fireEvent.click(button('Pause'));
    expect(button('Pause').getAttribute('aria-disabled')).toBe('true');
    expect(button('Pause').disabled).toBe(false);
  });

  it('says the input count is pending while a filter is applied, not 0', async () => {
    const { api } = await loaded();
    const inputs = screen.getByRole('region', { name: 'Inputs' });
    await within(inputs).findByText('Inputs (30)');
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const all = api.$inputs.bind(api);
    api.$inputs = async (start, count, filter) => {
      await answered;
      return all(start, count, filter);
    };
    fireEvent.change(screen.getByLabelText('Filter by code'), { target: { value: 'MSG' } });
    expect(within(inputs).getByRole('heading').textContent).toBe('Inputs (…)');
    expect(inputs.getAttribute('aria-busy')).toBe('true');
    answer();
    await within(inputs).findByText('Inputs (10)');
    expect(inputs.getAttribute('aria-busy')).toBe('false');
  });

  it('plays faster at a higher speed', async () => {
    const { slider } = await loaded();
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.change(screen.getByLabelText('Speed'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).not.toBe('0'));
    // 100 inputs a second: 10 per 100 ms tick (on a busy machine more than one tick may pass before the check).
    expect(Number(slider.getAttribute('aria-valuenow')) % 10).toBe(0);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
  });

  it('marks the current input, and under a filter the last listed one before the position', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('listbox', { name: /^Inputs/ });
    const rowOf = (input: number) => within(inputs).getByRole('option', { name: new RegExp(`^#${input} `) });
    fireEvent.keyDown(slider, { key: 'Home' });
    for (let i = 0; i < 7; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await waitFor(() => expect(rowOf(7).getAttribute('aria-selected')).toBe('true'));
    fireEvent.change(screen.getByLabelText('Filter by code'), { target: { value: 'MSG' } }); // inputs 3, 6, 9…
    await waitFor(() => expect(rowOf(6).getAttribute('aria-selected')).toBe('true'));
    expect(within(inputs).getAllByRole('option', { selected: true })).toHaveLength(1);
  });

  it('filters inputs and seeks to a chosen one', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('region', { name: 'Inputs' });
    await within(inputs).findByText('input 7 in c1');
    fireEvent.change(screen.getByLabelText('Filter by code'), { target: { value: 'MSG' } });
    await waitFor(() => expect(within(inputs).queryByText('input 7 in c1')).toBeNull());
    // The count reads "…" until the worker has answered the new filter, which may come after the rows went.
    await waitFor(() => expect(within(inputs).getByRole('heading').textContent).toBe('Inputs (10)'));
    fireEvent.change(screen.getByLabelText('Filter by channel'), { target: { value: 'c1' } });
    await waitFor(() => expect(within(inputs).getByRole('heading').textContent).toBe('Inputs (5)'));
    expect(screen.getByLabelText('Filter by user')).toBeTruthy();
    fireEvent.click(within(inputs).getByText('input 9 in c1'));
    expect(slider.getAttribute('aria-valuenow')).toBe('9');
  });

  it('filters the events with the same filter, up to the position', async () => {
    const { slider } = await loaded();
    const events = screen.getByRole('region', { name: 'Events' });
    await within(events).findByText('Events (30)');
    fireEvent.change(screen.getByLabelText('Filter by code'), { target: { value: 'message' } });
    await within(events).findByText('Events (10)');
    expect(within(events).getAllByRole('option').every((item) => item.textContent!.includes('message.received'))).toBe(true);
    fireEvent.keyDown(slider, { key: 'Home' });
    for (let i = 0; i < 4; i++) fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await within(events).findByText('Events (2)'); // events 1 and 4
  });

  it('says so when a list is empty: before the first event, and when the filter keeps nothing', async () => {
    const { slider } = await loaded();
    const inputs = screen.getByRole('region', { name: 'Inputs' });
    const events = screen.getByRole('region', { name: 'Events' });
    await within(events).findByText('Events (30)');
    expect(within(events).queryByText(/^No event/)).toBeNull();
    fireEvent.keyDown(slider, { key: 'Home' });
    await within(events).findByText('No events up to input 0.');
    fireEvent.keyDown(slider, { key: 'End' });
    fireEvent.change(screen.getByLabelText('Filter by code'), { target: { value: 'nothing-has-this-code' } });
    await within(inputs).findByText('No input matches the filter.');
    await within(events).findByText('No event up to input 30 matches the filter.');
  });

  it('lists events up to the position', async () => {
    const { slider } = await loaded();
    const events = screen.getByRole('region', { name: 'Events' });
    await within(events).findByText('Events (30)');
    fireEvent.keyDown(slider, { key: 'Home' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    await within(events).findByText('Events (2)');
    expect(within(events).getAllByRole('option')).toHaveLength(2);
  });

  it('shows a projection as text, with its diff, and the replayed app', async () => {
    await loaded();
    const panel = screen.getByRole('region', { name: 'Projection state' });
    const json = await within(panel).findByLabelText('channels state');
    expect(json.textContent).toContain('"note": "<b>not html</b>"');
    expect(json.querySelector('b')).toBeNull();
    expect(within(panel).getByRole('list', { name: 'Changes' }).textContent).toContain('29 → 30');
    fireEvent.change(within(panel).getByLabelText('Projection'), { target: { value: 'messages' } });
    expect(within(panel).getByLabelText('messages state').textContent).toContain('"messages": 30');
    expect(within(panel).getByText('No change to messages.')).toBeTruthy();

    const app = screen.getByRole('region', { name: 'Replayed app' });
    expect(within(app).getByRole('navigation', { name: 'Conversations' })).toBeTruthy();
    expect(await within(app).findByText('message at 30')).toBeTruthy();
  });

  it("shows a large projection's text whole, in chunks laid out as they scroll into view", async () => {
    const { api } = await loaded();
    const text = JSON.stringify({ byAddress: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`c${i}`, { unread: i }])) }, null, 2);
    expect(text.split('\n').length).toBeGreaterThan(300);
    api.channelsText = text;
    fireEvent.keyDown(screen.getByRole('slider', { name: 'Position' }), { key: 'Home' });
    const panel = screen.getByRole('region', { name: 'Projection state' });
    await waitFor(() => expect(within(panel).getByLabelText('channels state').textContent).toBe(text));
    expect(within(panel).getByLabelText('channels state').children.length).toBe(Math.ceil(text.split('\n').length / 100));
  });

  it("takes no part among the browser's tabs: the replayed app holds no tab lock and opens no handoff channel", async () => {
    const channels: string[] = [];
    const locks: string[] = [];
    vi.stubGlobal(
      'BroadcastChannel',
      class {
        onmessage = null;
        constructor(name: string) {
          channels.push(name);
        }
        postMessage() {}
        close() {}
      },
    );
    Object.defineProperty(navigator, 'locks', {
      configurable: true,
      value: { request: async (name: string) => void locks.push(name), query: async () => ({ held: [] }) },
    });
    try {
      await loaded();
      const app = screen.getByRole('region', { name: 'Replayed app' });
      expect(within(app).getByRole('navigation', { name: 'Conversations' })).toBeTruthy(); // signed in as the recorded user
      expect(channels).not.toContain('plaza.outbox-handoff');
      expect(locks).toEqual([]);
    } finally {
      vi.unstubAllGlobals();
      delete (navigator as { locks?: unknown }).locks;
    }
  });

  it("opens the replayed app's dialogs inside its frame, not over the debugger", async () => {
    await loaded();
    const app = screen.getByRole('region', { name: 'Replayed app' });
    fireEvent.click(await within(app).findByRole('button', { name: 'Jump to…' }));
    const switcher = within(app).getByRole('dialog', { name: 'Jump to a conversation or person' });
    expect(switcher.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(within(app).queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("answers the replayed app's shortcuts only to keys pressed inside it", async () => {
    const { slider } = await loaded();
    const app = screen.getByRole('region', { name: 'Replayed app' });
    const ctrlKK = (target: Element): void => {
      fireEvent.keyDown(target, { key: 'k', code: 'KeyK', ctrlKey: true });
      fireEvent.keyDown(target, { key: 'k', code: 'KeyK' });
    };
    ctrlKK(slider);
    expect(screen.queryByRole('dialog')).toBeNull();
    ctrlKK(await within(app).findByRole('button', { name: 'Jump to…' }));
    expect(within(app).getByRole('dialog', { name: 'Jump to a conversation or person' })).toBeTruthy();
  });

  it('jumps to the first input touching the open channel', async () => {
    const { slider } = await loaded();
    const button = await screen.findByRole('button', { name: 'Jump to first input touching this channel' });
    expect(button.parentElement!.textContent).toContain('Open channel Design c1'); // named as the sidebar names it
    fireEvent.click(button);
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('4'));
    expect(within(screen.getByRole('region', { name: 'First touch' })).getByRole('status').textContent).toBe('Input 4 is the first to touch c1.');
    // The button may be gone at the input found (no channel open yet): the focus moves to the position, not to the page.
    expect(document.activeElement).toBe(slider);
  });

  it('jumps to the first input touching any id typed in, and says when none does', async () => {
    const { slider } = await loaded();
    const touch = screen.getByRole('region', { name: 'First touch' });
    const jump = within(touch).getByRole('button', { name: 'Jump to first input touching it' }) as HTMLButtonElement;
    expect(jump.disabled).toBe(true);
    fireEvent.change(within(touch).getByLabelText('Channel, message or user id'), { target: { value: ' m1 ' } });
    fireEvent.click(jump);
    await waitFor(() => expect(slider.getAttribute('aria-valuenow')).toBe('6'));
    expect(within(touch).getByRole('status').textContent).toBe('Input 6 is the first to touch m1.');

    fireEvent.change(within(touch).getByLabelText('Channel, message or user id'), { target: { value: 'nowhere' } });
    fireEvent.submit(within(touch).getByLabelText('Channel, message or user id'));
    await waitFor(() => expect(within(touch).getByRole('status').textContent).toBe('No input touches nowhere.'));
    expect(slider.getAttribute('aria-valuenow')).toBe('6');
  });

  function renderApp(path: string, session: typeof signedOut) {
    window.history.replaceState(null, '', path);
    const core = new FakeCore();
    const store = createViewStore();
    void core.$subscribe((patch) => applyPatch(store, patch));
    core.push(snapshot({ session }));
    render(
      <PlazaProvider store={store} core={core} router={createRouter(window)} debug={new FakeDebugApi()}>
        <App />
      </PlazaProvider>,
    );
  }

  it('is routed at /debug/replay without signing in', async () => {
    renderApp('/debug/replay', signedOut);
    expect(screen.getByRole('heading', { name: 'Session replay' })).toBeTruthy();
    expect(window.location.pathname).toBe('/debug/replay');
    await importFile('{}');
    expect(await screen.findByRole('region', { name: 'Replayed app' })).toBeTruthy();
    const back = screen.getByRole('button', { name: 'Back to Plaza' });
    back.focus();
    fireEvent.click(back);
    expect(window.location.pathname).toBe('/login');
    // Signed out, Plaza is the sign-in page: the keyboard starts in its Email field, as on any visit to it, not on the page's body.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('hands the keyboard to the heading of the app after Back to Plaza', async () => {
    renderApp('/debug/replay', signedIn);
    const back = screen.getByRole('button', { name: 'Back to Plaza' });
    back.focus();
    fireEvent.click(back);
    expect(window.location.pathname).toBe('/');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Pick a conversation', level: 1 })));
    // Then Tab goes on from there, as from any page's start.
    expect(screen.getByRole('main').contains(document.activeElement)).toBe(true);
  });

  it('opens from the app header with the file chosen there, and loads it', async () => {
    renderApp('/', signedIn);
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click');
    chooseSessionAction('Import session…');
    // The menu asks the browser for a file at once; nothing moves until one is chosen.
    expect(chooser).toHaveBeenCalledTimes(1);
    const input = chooser.mock.contexts[0] as HTMLInputElement;
    chooser.mockRestore();
    expect(input.type).toBe('file');
    expect(window.location.pathname).toBe('/');
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['{}'], 'session.jsonl')] } });
    });
    expect(window.location.pathname).toBe('/debug/replay');
    // Focus starts at the top of the debugger, not lost with the menu.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Session replay' }));
    expect(await screen.findByText('Replay matches the recording')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Replayed app' })).toBeTruthy();
  });

  it('leaves the page as it was when the file chooser is cancelled', () => {
    renderApp('/', signedIn);
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click');
    chooseSessionAction('Import session…');
    const input = chooser.mock.contexts[0] as HTMLInputElement;
    chooser.mockRestore();
    fireEvent.change(input, { target: { files: [] } });
    expect(window.location.pathname).toBe('/');
    expect(screen.queryByRole('heading', { name: 'Session replay' })).toBeNull();
  });
});
