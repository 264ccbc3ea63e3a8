// @vitest-environment jsdom
/** useArrivalFocus: after leaving a page, the keyboard starts at the next page's heading, once there is one, unless it went elsewhere. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { useArrivalFocus } from './arrival-focus';

afterEach(cleanup);

type Page = 'leaving' | 'loading' | 'arrived';

/** A page with a Leave button, then a loading screen, then a page with a heading, as App renders them. */
function Pages({ first = 'leaving', onPage }: { first?: Page; onPage: (go: (page: Page) => void) => void }) {
  const [page, setPage] = useState<Page>(first);
  const focusArrival = useArrivalFocus();
  onPage(setPage);
  if (page === 'leaving')
    return (
      <button
        type="button"
        onClick={() => {
          focusArrival();
          setPage('loading');
        }}
      >
        Leave
      </button>
    );
  if (page === 'loading')
    return (
      <div>
        Loading… <input aria-label="Elsewhere" />
      </div>
    );
  return (
    <main>
      <h1>Arrived</h1>
    </main>
  );
}

describe('useArrivalFocus', () => {
  it('focuses the heading of the page arrived at once it is rendered, making it focusable by script only', () => {
    let go!: (page: Page) => void;
    render(<Pages onPage={(g) => (go = g)} />);
    const leave = screen.getByRole('button', { name: 'Leave' });
    leave.focus();
    fireEvent.click(leave);
    expect(document.activeElement).toBe(document.body); // the control went with its page; nothing to go to yet
    act(() => go('arrived'));
    const heading = screen.getByRole('heading', { name: 'Arrived' });
    expect(document.activeElement).toBe(heading);
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus where it went meanwhile', () => {
    let go!: (page: Page) => void;
    render(<Pages onPage={(g) => (go = g)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Leave' }));
    act(() => screen.getByLabelText('Elsewhere').focus());
    act(() => go('arrived'));
    expect(document.activeElement).toBe(document.body); // the field went too, but the focus was not owed any more
  });

  it('moves nothing when no page was left', () => {
    let go!: (page: Page) => void;
    render(<Pages first="loading" onPage={(g) => (go = g)} />);
    act(() => go('arrived'));
    expect(document.activeElement).toBe(document.body);
  });
});
