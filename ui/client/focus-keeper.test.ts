// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { keepFocusAcrossDisabling } from './focus-keeper';

/** Lets the MutationObserver's callback run. */
const observed = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let stop = () => {};
afterEach(() => {
  stop();
  document.body.replaceChildren();
});

function setUp() {
  const create = document.createElement('button');
  create.textContent = 'Create';
  const name = document.createElement('input');
  document.body.replaceChildren(create, name);
  stop = keepFocusAcrossDisabling(document);
  return { create, name };
}

describe('keepFocusAcrossDisabling', () => {
  it('gives the focus back to a control that lost it by being disabled, once it is enabled again', async () => {
    const { create } = setUp();
    create.focus();
    // What the browser does to a focused control that becomes disabled: the page gets the focus.
    create.blur();
    create.disabled = true;
    await observed();
    expect(document.activeElement).toBe(document.body);
    create.disabled = false;
    await observed();
    expect(document.activeElement).toBe(create);
  });

  it('leaves the focus where it went meanwhile (the field in error), and alone when a control is disabled unfocused', async () => {
    const { create, name } = setUp();
    create.focus();
    create.blur();
    create.disabled = true;
    await observed();
    name.focus();
    create.disabled = false;
    await observed();
    expect(document.activeElement).toBe(name);

    name.blur();
    create.disabled = true;
    create.disabled = false;
    await observed();
    expect(document.activeElement).toBe(document.body);
  });
});
