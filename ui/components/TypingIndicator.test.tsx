// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app';
import { channelView, metaView, snapshot } from '../testing/views';
import { typingText } from './TypingIndicator';

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('typing indicator', () => {
  it('words the names', () => {
    expect(typingText([])).toBe('');
    expect(typingText(['Bob'])).toBe('Bob is typing…');
    expect(typingText(['Bob', 'Carol'])).toBe('Bob and Carol are typing…');
    expect(typingText(['Bob', 'Carol', 'Dave'])).toBe('Bob, Carol and Dave are typing…');
    expect(typingText(['Bob', 'Carol', 'Dave', 'Eve'])).toBe('Several people are typing…');
  });

  it('shows who types in the open conversation, in a polite live region, and clears', () => {
    const app = renderApp({
      path: '/conversations/c1',
      patches: [snapshot({ channels: { put: [channelView({ address: 'c1' })], remove: [] }, conversation: { address: 'c1', reset: true, meta: metaView('c1'), messages: { put: [], remove: [] } }, typing: { c1: ['Bob'], c2: ['Zed'] } })],
    });
    const region = screen.getByText('Bob is typing…');
    expect(region.getAttribute('aria-live')).toBe('polite');
    app.push({ seq: 2, reset: false, typing: { c1: ['Bob', 'Carol'] } });
    expect(screen.getByText('Bob and Carol are typing…')).toBeTruthy();
    app.push({ seq: 3, reset: false, typing: { c1: ['Bob', 'Carol', 'Dave', 'Eve'] } });
    expect(screen.getByText('Several people are typing…')).toBeTruthy();
    app.push({ seq: 4, reset: false, typing: { c1: [] } });
    expect(screen.queryByText(/typing/)).toBeNull();
  });
});
