// @vitest-environment jsdom
/** The status menu, the People screen (directory, profile card, connections, connect links) and the Bot Error popover, by role and label. */
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fail } from '../../protocol/result';
import type { PeopleView } from '../../protocol/views-people';
import { INITIAL_PEOPLE } from '../client/view-store';
import { renderApp } from '../testing/render-app';
import { ALICE, channelView, snapshot, userView } from '../testing/views';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

const people = (over: Partial<PeopleView> = {}): PeopleView => ({
  ...INITIAL_PEOPLE,
  statusesLoaded: true,
  statuses: [
    { icon: 'easel', iconLabel: 'Presentation', text: 'In a meeting', color: 'red', selected: false },
    { icon: 'home', iconLabel: 'Home', text: 'Working from home', color: 'green', selected: false },
  ],
  ...over,
});

const users = [
  userView({ guid: 'u-bob', name: 'Bob Builder', status: 'Idle' }),
  userView({ guid: 'u-carol', name: 'Carol Chen', customStatus: { icon: 'pizza', iconLabel: 'Pizza', text: 'Out for lunch', color: 'yellow' } }),
  userView({ guid: 'u-bot', name: 'Plaza Bot', is_bot: true }),
];

const app = (path = '/', over: Partial<PeopleView> = {}) => renderApp({ path, patches: [snapshot({ users: { put: users, remove: [] }, people: people(over) })] });

describe('status menu', () => {
  it('shows the status, picks a custom status or automatic, and adds one', async () => {
    const a = app();
    const trigger = screen.getByRole('button', { name: 'Your status: Active' });
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Set your status' });
    expect(within(dialog).getByRole('radio', { name: /Automatic/ })).toHaveProperty('checked', true);
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: /In a meeting/ })));
    expect(a.core.callsTo('$selectStatus')).toEqual([['easel']]);

    // The worker's answer: selected.
    a.push({ seq: 2, reset: false, people: people({ self: { presence: 'Active', customStatus: { icon: 'easel', iconLabel: 'Presentation', text: 'In a meeting', color: 'red' } }, statuses: people().statuses.map((s) => ({ ...s, selected: s.icon === 'easel' })) }) });
    expect(screen.getByRole('button', { name: 'Your status: In a meeting' })).toBeTruthy();
    await act(async () => fireEvent.click(within(dialog).getByRole('radio', { name: /Automatic/ })));
    expect(a.core.callsTo('$automaticStatus')).toEqual([[]]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a status' }));
    const form = within(dialog).getByRole('form', { name: 'New status' });
    fireEvent.change(within(form).getByLabelText('Text'), { target: { value: 'Deep work' } });
    fireEvent.change(within(form).getByLabelText('Icon'), { target: { value: 'bug' } });
    fireEvent.change(within(form).getByLabelText('Colour'), { target: { value: 'grey' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save status' })));
    expect(a.core.callsTo('$insertStatus')).toEqual([[{ icon: 'bug', text: 'Deep work', color: 'grey' }]]);
    expect(within(dialog).queryByRole('form', { name: 'New status' })).toBeNull();
  });

  it('puts the keyboard in the new status’s text, and keeps it in the dialog when the form closes', async () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    const dialog = screen.getByRole('dialog', { name: 'Set your status' });
    const add = within(dialog).getByRole('button', { name: 'Add a status' });
    add.focus();
    fireEvent.click(add);
    const text = within(within(dialog).getByRole('form', { name: 'New status' })).getByLabelText('Text');
    expect(document.activeElement).toBe(text);
    fireEvent.change(text, { target: { value: 'Deep work' } });
    await act(async () => fireEvent.submit(text));
    expect(a.core.callsTo('$insertStatus')).toHaveLength(1);
    // The form (and its Save button) went: the keyboard is still in the dialog, and Escape closes it.
    expect(document.activeElement).toBe(dialog);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
  });

  it('backs out of the add or edit form with Escape, keeping what was typed, and closes with a second Escape', () => {
    app();
    const trigger = screen.getByRole('button', { name: /Your status/ });
    fireEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Set your status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a status' }));
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'Deep work' } });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    // Only the form closed, the keyboard on the button that opened it.
    expect(screen.getByRole('dialog', { name: 'Set your status' })).toBe(dialog);
    expect(within(dialog).queryByRole('form')).toBeNull();
    const add = within(dialog).getByRole('button', { name: 'Add a status' });
    expect(document.activeElement).toBe(add);
    // Reopened, the form has the text typed before.
    fireEvent.click(add);
    expect(within(within(dialog).getByRole('form', { name: 'New status' })).getByLabelText('Text')).toHaveProperty('value', 'Deep work');

    // The same for an edit, which keeps the new status's text meanwhile.
    const edit = within(dialog).getByRole('button', { name: 'Edit In a meeting' });
    fireEvent.click(edit);
    const text = within(within(dialog).getByRole('form', { name: 'Edit status' })).getByLabelText('Text');
    expect(document.activeElement).toBe(text);
    fireEvent.change(text, { target: { value: 'In a long meeting' } });
    fireEvent.keyDown(text, { key: 'Escape' });
    expect(document.activeElement).toBe(edit);
    fireEvent.click(edit);
    expect(within(dialog).getByLabelText('Text')).toHaveProperty('value', 'In a long meeting');
    // Cancel drops it: the status's own text again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(edit);
    fireEvent.click(edit);
    expect(within(dialog).getByLabelText('Text')).toHaveProperty('value', 'In a meeting');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a status' }));
    expect(within(dialog).getByLabelText('Text')).toHaveProperty('value', 'Deep work');

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('keeps an unsaved status form when the dialog closes, however it closes, until it is saved or cancelled', async () => {
    const a = app();
    const trigger = screen.getByRole('button', { name: /Your status/ });
    const dialog = () => screen.getByRole('dialog', { name: 'Set your status' });
    const textOf = (form: string) => within(within(dialog()).getByRole('form', { name: form })).getByLabelText('Text');
    // Escape twice: out of the form, then out of the dialog.
    fireEvent.click(trigger);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    fireEvent.change(textOf('New status'), { target: { value: 'Deep work' } });
    fireEvent.change(within(dialog()).getByLabelText('Colour'), { target: { value: 'grey' } });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
    fireEvent.click(trigger);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    expect(textOf('New status')).toHaveProperty('value', 'Deep work');
    expect(within(dialog()).getByLabelText('Colour')).toHaveProperty('value', 'grey');

    // A click elsewhere with an edit form open: the edit is kept, and so is the new status's text.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit In a meeting' }));
    fireEvent.change(textOf('Edit status'), { target: { value: 'In a long meeting' } });
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
    fireEvent.click(trigger);
    // The dialog opens on the list, as always; the form offers the text when it is opened.
    expect(within(dialog()).queryByRole('form')).toBeNull();
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit In a meeting' }));
    expect(textOf('Edit status')).toHaveProperty('value', 'In a long meeting');
    // Close, with the form open.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    fireEvent.click(trigger);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit In a meeting' }));
    expect(textOf('Edit status')).toHaveProperty('value', 'In a long meeting');

    // Cancel drops the edit, for good.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    fireEvent.click(trigger);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit In a meeting' }));
    expect(textOf('Edit status')).toHaveProperty('value', 'In a meeting');
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Cancel' }));

    // Saving drops the new status's text: the next new status starts empty.
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    expect(textOf('New status')).toHaveProperty('value', 'Deep work');
    await act(async () => fireEvent.submit(textOf('New status')));
    expect(a.core.callsTo('$insertStatus')).toEqual([[{ icon: 'octagon', text: 'Deep work', color: 'grey' }]]);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Close' }));
    fireEvent.click(trigger);
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    expect(textOf('New status')).toHaveProperty('value', '');
  });

  it('lets an unsaved edit go with its status when that is deleted elsewhere: the same icon added again is another status', () => {
    const a = app();
    const dialog = () => screen.getByRole('dialog', { name: 'Set your status' });
    const editText = () => within(within(dialog()).getByRole('form', { name: 'Edit status' })).getByLabelText('Text');
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit In a meeting' }));
    fireEvent.change(editText(), { target: { value: 'In a long meeting' } });
    fireEvent.mouseDown(document.body);
    // Deleted on another device, then added again there with the same icon.
    const others = people().statuses.filter((s) => s.icon !== 'easel');
    a.push({ seq: 2, reset: false, people: people({ statuses: others }) });
    a.push({ seq: 3, reset: false, people: people({ statuses: [...others, { icon: 'easel', iconLabel: 'Presentation', text: 'Demo day', color: 'green', selected: false }] }) });
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Edit Demo day' }));
    expect(editText()).toHaveProperty('value', 'Demo day');
  });

  it('keeps the unsaved status forms per user: whoever signs in next on the page does not get them', () => {
    const a = app();
    const dialog = () => screen.getByRole('dialog', { name: 'Set your status' });
    const newText = () => within(within(dialog()).getByRole('form', { name: 'New status' })).getByLabelText('Text');
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    fireEvent.change(newText(), { target: { value: 'Alice’s status' } });
    fireEvent.mouseDown(document.body);
    const as = (user: { guid: string; name: string }, seq: number) =>
      a.push({ seq, reset: false, session: { status: 'signed-in', user: { ...user, email: 'x@acme.test', is_company_admin: false }, endedReason: null, unconfirmed: false } });
    as({ guid: 'u-other', name: 'Olga Other' }, 2);
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    expect(newText()).toHaveProperty('value', '');
    fireEvent.mouseDown(document.body);
    as(ALICE, 3);
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Add a status' }));
    expect(newText()).toHaveProperty('value', 'Alice’s status');
  });

  it('ties a refusal of the status text to the Text field, until the form closes', async () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    const dialog = screen.getByRole('dialog', { name: 'Set your status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add a status' }));
    const text = within(dialog).getByLabelText('Text');
    expect(text.hasAttribute('aria-invalid')).toBe(false);
    a.core.results.$insertStatus = fail({ name: 'InvalidRequest', message: 'Type a status text.', field: 'text' });
    const saveButton = within(dialog).getByRole('button', { name: 'Save status' });
    saveButton.focus();
    await act(async () => fireEvent.click(saveButton));
    expect(text.getAttribute('aria-invalid')).toBe('true');
    // The keyboard goes to the field to correct, not left on Save status.
    expect(document.activeElement).toBe(text);
    expect(document.getElementById(text.getAttribute('aria-describedby')!)?.textContent).toBe('Type a status text.');
    // Another form: the message was about the one that closed.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit In a meeting' }));
    const other = within(dialog).getByLabelText('Text');
    expect(other.hasAttribute('aria-invalid')).toBe(false);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    // A refusal that blames no field (the server's) blames none.
    a.core.results.$updateStatus = fail({ name: 'Rejected', message: 'Something went wrong.' });
    await act(async () => fireEvent.submit(other));
    expect(within(dialog).getByRole('alert').textContent).toBe('Something went wrong.');
    expect(other.hasAttribute('aria-invalid')).toBe(false);
  });

  it('edits and deletes; a refusal is shown and Escape returns focus to the button', async () => {
    const a = app();
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    const dialog = screen.getByRole('dialog', { name: 'Set your status' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Edit Working from home' }));
    const form = within(dialog).getByRole('form', { name: 'Edit status' });
    expect(within(form).getByLabelText('Text')).toHaveProperty('value', 'Working from home');
    a.core.results.$updateStatus = fail({ name: 'Rejected', message: 'text: Type a status text.' });
    fireEvent.change(within(form).getByLabelText('Text'), { target: { value: '' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: 'Save status' })));
    expect(within(dialog).getByRole('alert').textContent).toBe('text: Type a status text.');
    expect(a.core.callsTo('$updateStatus')).toEqual([['home', { icon: 'home', text: '', color: 'green' }]]);
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Delete In a meeting' })));
    expect(a.core.callsTo('$deleteStatus')).toEqual([['easel']]);
    fireEvent.mouseDown(dialog);
    expect(screen.getByRole('dialog', { name: 'Set your status' })).toBe(dialog);
    // The edit form is still open: the first Escape closes it, the second the dialog.
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(within(dialog).queryByRole('form')).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.click(screen.getByRole('button', { name: /Your status/ }));
    fireEvent.mouseDown(document.body);
    expect(screen.queryByRole('dialog', { name: 'Set your status' })).toBeNull();
  });
});

describe('People screen', () => {
  it('renders only the people in view of a large company', () => {
    const many = Array.from({ length: 5_000 }, (_, i) => userView({ guid: `u-${i}`, name: `Person ${String(i).padStart(4, '0')}`, email: `p${i}@acme.test` }));
    renderApp({ path: '/people', patches: [snapshot({ users: { put: many, remove: [] }, people: people() })] });
    const directory = screen.getByRole('list', { name: 'Directory' });
    const shown = within(directory).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(10);
    expect(shown.length).toBeLessThan(80);
    expect(within(shown[0]!).getByRole('button').textContent).toContain('Person 0000');
    // As tall as every row, so the page scrolls through all 5,000.
    expect(parseFloat(directory.style.height)).toBeGreaterThanOrEqual(5_000 * 30);
  });

  it('lists people with their status (no bots), searches, and opens a profile card to message someone', async () => {
    const a = app('/people');
    const directory = screen.getByRole('list', { name: 'Directory' });
    expect(within(directory).getAllByRole('button').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Bob Builder'),
      expect.stringContaining('Carol Chen'),
    ]);
    expect(within(directory).getByRole('button', { name: /Carol Chen.*Out for lunch/ })).toBeTruthy();
    expect(within(directory).getByRole('button', { name: /Bob Builder.*Idle/ })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Search people'), { target: { value: 'car' } });
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect(a.core.callsTo('$searchPeople')).toEqual([['car']]);
    a.push({
      seq: 2,
      reset: false,
      people: people({ search: { term: 'car', results: [{ type: 'user', address: 'carol@acme.test', name: 'Carol Chen', user_guid: 'u-carol', score: 1, status: 'Active', customStatus: null, is_external: false, initial: 'C', color: '#000' }] } }),
    });
    fireEvent.click(within(screen.getByRole('list', { name: 'Directory' })).getByRole('button', { name: /Carol Chen/ }));
    expect(a.core.callsTo('$loadUserDetails')).toEqual([['u-carol']]);
    a.push({ seq: 3, reset: false, users: { put: [{ ...users[1]!, details: { job_title: 'Designer', address: '', desk_number: 'B-2', cell_number: '' } }], remove: [] } });
    const card = screen.getByRole('dialog', { name: 'Profile of Carol Chen' });
    expect(within(card).getByText('Designer')).toBeTruthy();
    expect(within(card).getByText('B-2')).toBeTruthy();
    await act(async () => fireEvent.click(within(card).getByRole('button', { name: 'Message Carol Chen' })));
    expect(a.core.callsTo('$startDirectMessage')).toEqual([['u-carol']]);
    expect(a.location()).toBe('/conversations/dm-new');
    // The keyboard goes to the new conversation's composer once it is there, not to the document (the card
    // and the page that opened it are gone).
    expect(document.activeElement).toBe(document.body);
    a.push({ seq: 4, reset: false, channels: { put: [channelView({ address: 'dm-new', name: 'Carol Chen', group: 'direct', target_user_guid: 'u-carol' })], remove: [] } });
    await act(async () => {});
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Message' }));
  });

  it('a request answered without a conversation to open (Reject) leaves the keyboard on the section, not the document', async () => {
    const request = { guid: 'r1', user_guid: 'u-grace', name: 'Grace Green', email: 'grace@globex.test', created: 1 };
    const a = app('/people', { requests: [request] });
    const reject = screen.getByRole('button', { name: 'Reject Grace Green' });
    reject.focus();
    await act(async () => fireEvent.click(reject));
    expect(a.core.callsTo('$respondConnection')).toEqual([['r1', false]]);
    a.push({ seq: 2, reset: false, people: people({ requests: [] }) });
    await act(async () => {});
    expect(screen.queryByRole('button', { name: 'Reject Grace Green' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Connection requests' }));
  });

  it('answers connection requests, creates links with the 7-day/10-use defaults, and uses a pasted link', async () => {
    const a = app('/people', {
      requests: [{ guid: 'r1', user_guid: 'u-grace', name: 'Grace Green', email: 'grace@globex.test', created: 1 }],
      links: [{ cl_guid: 'l1', code: 'ABCD2345', path: '/connect/l1', expires: Date.now() + 86_400_000, usedUp: false, clicks: 2, max_clicks: 10, ttl_seconds: 604800, team_guid: null }],
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept Grace Green' })));
    expect(a.core.callsTo('$respondConnection')).toEqual([['r1', true]]);
    expect(a.location()).toBe('/conversations/dm-connected');

    a.router.navigate('/people');
    await act(async () => {});
    const create = screen.getByRole('form', { name: 'Create a connect link' });
    expect(within(create).getByLabelText('Lifetime in days')).toHaveProperty('value', '7');
    expect(within(create).getByLabelText('Number of uses')).toHaveProperty('value', '10');
    // Pressed twice while the first is on its way: one link, not two.
    let answer!: () => void;
    let asked = 0;
    const created = a.core.$createConnectLink.bind(a.core);
    a.core.$createConnectLink = (options) => {
      asked++;
      return new Promise((resolve) => (answer = () => resolve(created(options))));
    };
    const button = within(create).getByRole('button', { name: 'Create link' });
    fireEvent.click(button);
    fireEvent.submit(create);
    expect(button).toHaveProperty('disabled', true);
    expect(asked).toBe(1);
    await act(async () => answer());
    expect(button).toHaveProperty('disabled', false);
    expect(a.core.callsTo('$createConnectLink')).toEqual([[{ ttl_seconds: 604_800, max_clicks: 10 }]]);
    const links = screen.getByRole('list', { name: 'Your connect links' });
    expect(within(links).getByLabelText('Link ABCD2345')).toHaveProperty('value', `${window.location.origin}/connect/l1`);
    expect(within(links).getByText(/Used 2 of 10 times/)).toBeTruthy();
    await act(async () => fireEvent.click(within(links).getByRole('button', { name: 'Delete link ABCD2345' })));
    expect(a.core.callsTo('$deleteConnectLink')).toEqual([['l1']]);

    const use = screen.getByRole('form', { name: 'Use a connect link' });
    a.core.results.$useConnectLink = fail({ name: 'InvalidRequest', message: 'Paste a connect link.', field: 'link' });
    fireEvent.change(within(use).getByLabelText('Connect link'), { target: { value: '???' } });
    await act(async () => fireEvent.click(within(use).getByRole('button', { name: 'Connect' })));
    expect(screen.getByRole('alert').textContent).toBe('Paste a connect link.');
    delete a.core.results.$useConnectLink;
    await act(async () => fireEvent.click(within(use).getByRole('button', { name: 'Connect' })));
    expect(a.location()).toBe('/conversations/dm-linked');
  });

  it('says a link’s lifetime is 1 to 30 days when the field is empty, and drops a message once the field is edited', async () => {
    const a = app('/people');
    const create = screen.getByRole('form', { name: 'Create a connect link' });
    const lifetime = within(create).getByLabelText('Lifetime in days');
    fireEvent.change(lifetime, { target: { value: '' } });
    await act(async () => fireEvent.submit(create));
    expect(screen.getByRole('alert').textContent).toBe('A link lasts 1 to 30 days.');
    expect(a.core.callsTo('$createConnectLink')).toEqual([]);
    fireEvent.change(lifetime, { target: { value: '3' } });
    expect(screen.queryByRole('alert')).toBeNull();

    // The worker's refusal goes too when a field is edited.
    a.core.results.$createConnectLink = fail({ name: 'Rejected', message: 'Connect links are turned off.' });
    await act(async () => fireEvent.submit(create));
    expect(a.core.callsTo('$createConnectLink')).toEqual([[{ ttl_seconds: 3 * 86_400, max_clicks: 10 }]]);
    expect(screen.getByRole('alert').textContent).toBe('Connect links are turned off.');
    fireEvent.change(within(create).getByLabelText('Number of uses'), { target: { value: '20' } });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says how many uses to type when the number of uses is empty, 0, too many or not whole', async () => {
    const a = app('/people');
    const create = screen.getByRole('form', { name: 'Create a connect link' });
    const uses = within(create).getByLabelText('Number of uses');
    for (const typed of ['', '0', '1001', '2.5']) {
      fireEvent.change(uses, { target: { value: typed } });
      await act(async () => fireEvent.submit(create));
      expect(screen.getByRole('alert').textContent).toBe('A link can be used 1 to 1000 times.');
    }
    expect(a.core.callsTo('$createConnectLink')).toEqual([]);
    fireEvent.change(uses, { target: { value: '1000' } });
    await act(async () => fireEvent.submit(create));
    expect(a.core.callsTo('$createConnectLink')).toEqual([[{ ttl_seconds: 7 * 86_400, max_clicks: 1000 }]]);
  });

  it('ties each message to the field it blames: aria-invalid, aria-describedby naming the message, and the keyboard', async () => {
    const a = app('/people');
    const create = screen.getByRole('form', { name: 'Create a connect link' });
    const lifetime = within(create).getByLabelText('Lifetime in days');
    const uses = within(create).getByLabelText('Number of uses');
    const describedBy = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    // The browser's own check would stop 0 with a tooltip of its own: the form's message says the range instead.
    expect(create.hasAttribute('novalidate')).toBe(true);

    fireEvent.change(lifetime, { target: { value: '0' } });
    await act(async () => fireEvent.submit(create));
    expect(lifetime.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(lifetime)).toBe('A link lasts 1 to 30 days.');
    expect(document.activeElement).toBe(lifetime);
    expect(uses.hasAttribute('aria-invalid')).toBe(false);
    expect(uses.hasAttribute('aria-describedby')).toBe(false);

    fireEvent.change(lifetime, { target: { value: '3' } });
    expect(lifetime.hasAttribute('aria-invalid')).toBe(false);
    expect(lifetime.hasAttribute('aria-describedby')).toBe(false);
    fireEvent.change(uses, { target: { value: '' } });
    await act(async () => fireEvent.submit(create));
    expect(uses.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(uses)).toBe('A link can be used 1 to 1000 times.');
    expect(document.activeElement).toBe(uses);
    expect(lifetime.hasAttribute('aria-invalid')).toBe(false);

    // The worker names the request's member: the field with it is blamed. A refusal of the whole form blames none.
    fireEvent.change(uses, { target: { value: '5' } });
    a.core.results.$createConnectLink = fail({ name: 'InvalidRequest', message: 'A link can be used 1 to 1000 times.', field: 'max_clicks' });
    await act(async () => fireEvent.submit(create));
    expect(describedBy(uses)).toBe('A link can be used 1 to 1000 times.');
    a.core.results.$createConnectLink = fail({ name: 'Rejected', message: 'Connect links are turned off.' });
    await act(async () => fireEvent.submit(create));
    expect(screen.getByRole('alert').textContent).toBe('Connect links are turned off.');
    expect(uses.hasAttribute('aria-invalid')).toBe(false);
    expect(lifetime.hasAttribute('aria-invalid')).toBe(false);

    const use = screen.getByRole('form', { name: 'Use a connect link' });
    const link = within(use).getByLabelText('Connect link');
    a.core.results.$useConnectLink = fail({ name: 'InvalidRequest', message: 'Paste a connect link.', field: 'link' });
    fireEvent.change(link, { target: { value: '???' } });
    await act(async () => fireEvent.click(within(use).getByRole('button', { name: 'Connect' })));
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(link)).toBe('Paste a connect link.');
  });

  it('a connect link opened in the browser fills in the form', () => {
    app('/connect/cl-123');
    expect(screen.getByLabelText('Connect link')).toHaveProperty('value', `${window.location.origin}/connect/cl-123`);
  });
});

describe('Bot Error popover', () => {
  it('shows the error with an Ok button that closes it', async () => {
    const a = app('/', { botError: 'No Bot channel found' });
    const popover = screen.getByRole('alertdialog', { name: 'Bot Error' });
    expect(popover.textContent).toContain('No Bot channel found');
    expect(document.activeElement).toBe(within(popover).getByRole('button', { name: 'Ok' }));
    await act(async () => fireEvent.click(within(popover).getByRole('button', { name: 'Ok' })));
    expect(a.core.callsTo('$dismissBotError')).toEqual([[]]);
  });
});

describe('status next to people', () => {
  it('a direct message shows the other person’s status, live', () => {
    const a = renderApp({
      path: '/conversations/dm-carol',
      patches: [snapshot({ users: { put: users, remove: [] }, channels: { put: [channelView({ address: 'dm-carol', name: 'Carol Chen', group: 'direct', target_user_guid: 'u-carol' })], remove: [] } })],
    });
    const header = screen.getByRole('heading', { name: 'Carol Chen' }).parentElement!;
    expect(header.textContent).toContain('Out for lunch');
    a.push({ seq: 2, reset: false, users: { put: [{ ...users[1]!, customStatus: null, status: 'Offline' }], remove: [] } });
    expect(header.textContent).toContain('Offline');
    expect(header.textContent).not.toContain('Out for lunch');
  });

  it('a person of another company, blocked, shows as blocked — in words — in the sidebar, the conversation and their card, live', async () => {
    const gina = userView({ guid: 'u-gina', name: 'Gina Garcia', email: 'gina@globex.test', is_external: true });
    const a = renderApp({
      path: '/conversations/dm-gina',
      patches: [
        snapshot({
          users: { put: [...users, gina], remove: [] },
          channels: { put: [channelView({ address: 'dm-gina', name: 'Gina Garcia', group: 'direct', etype: 'external DM', is_external: true, target_user_guid: 'u-gina' })], remove: [] },
        }),
      ],
    });
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    const header = screen.getByRole('heading', { level: 1, name: 'Gina Garcia' }).parentElement!;
    expect(within(nav).getByRole('link', { name: 'Gina Garcia' })).toBeTruthy();
    expect(header.textContent).toContain('Active');

    // Her company's block arrives (the worker's users patch).
    a.push({ seq: 2, reset: false, users: { put: [{ ...gina, status: 'Blocked' }], remove: [] } });
    expect(within(nav).getByRole('link', { name: 'Gina Garcia Blocked' })).toBeTruthy();
    expect(within(header).getByText('Blocked')).toBeTruthy();
    expect(header.textContent).not.toContain('Active');

    // Her card, opened from the directory before the block: blocked, and no way to message her.
    a.push({ seq: 3, reset: false, users: { put: [gina], remove: [] } });
    a.router.navigate('/people');
    await act(async () => {});
    fireEvent.click(within(screen.getByRole('list', { name: 'Directory' })).getByRole('button', { name: /Gina Garcia/ }));
    const card = screen.getByRole('dialog', { name: 'Profile of Gina Garcia' });
    a.push({ seq: 4, reset: false, users: { put: [{ ...gina, status: 'Blocked' }], remove: [] } });
    expect(within(card).getByText('Blocked')).toBeTruthy();
    expect(within(card).getByText('This user has been blocked from your organization.')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Message Gina Garcia' })).toHaveProperty('disabled', true);

    // Reinstated: no longer.
    a.push({ seq: 5, reset: false, users: { put: [gina], remove: [] } });
    expect(within(card).queryByText('Blocked')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Gina Garcia' })).toBeTruthy();
  });

  it('leaves a blocked person out of the people to contact — New message, the directory, @-mentions — while their conversation stays', async () => {
    const gina = userView({ guid: 'u-gina', name: 'Gina Garcia', email: 'gina@globex.test', is_external: true, status: 'Blocked' });
    const a = renderApp({
      path: '/conversations/dm-gina',
      patches: [
        snapshot({
          users: { put: [...users, gina], remove: [] },
          channels: {
            put: [
              channelView({ address: 'dm-gina', name: 'Gina Garcia', group: 'direct', etype: 'external DM', is_external: true, target_user_guid: 'u-gina' }),
              channelView({ address: 'c1', name: 'General' }),
            ],
            remove: [],
          },
        }),
      ],
    });
    // Her conversation stays listed and open.
    const nav = screen.getByRole('navigation', { name: 'Conversations' });
    expect(within(nav).getByRole('link', { name: 'Gina Garcia Blocked' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Gina Garcia' })).toBeTruthy();

    // "New message": the others, not her.
    fireEvent.click(within(nav).getByRole('button', { name: 'New message' }));
    const dialog = screen.getByRole('dialog', { name: 'Start a direct message' });
    const offered = () => within(dialog).queryAllByRole('button').map((b) => b.textContent ?? '');
    expect(offered().some((t) => t.includes('Bob Builder'))).toBe(true);
    expect(offered().some((t) => t.includes('Gina Garcia'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('searchbox', { name: 'Search people' }), { target: { value: 'gina' } });
    expect(within(dialog).getByText('No people match “gina”.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    // @-mentions in another conversation.
    a.router.navigate('/conversations/c1');
    await act(async () => {});
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '@g', selectionStart: 2 } });
    fireEvent.select(box, { target: { selectionStart: 2 } });
    expect(screen.queryByRole('option', { name: /Gina Garcia/ })).toBeNull();
    fireEvent.change(box, { target: { value: '@b', selectionStart: 2 } });
    fireEvent.select(box, { target: { selectionStart: 2 } });
    expect(screen.getByRole('option', { name: /Bob Builder/ })).toBeTruthy();

    // The People directory.
    a.router.navigate('/people');
    await act(async () => {});
    const directory = screen.getByRole('list', { name: 'Directory' });
    expect(within(directory).getByRole('button', { name: /Bob Builder/ })).toBeTruthy();
    expect(within(directory).queryByRole('button', { name: /Gina Garcia/ })).toBeNull();
  });
});
