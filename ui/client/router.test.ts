import { describe, expect, it } from 'vitest';
import { parseRoute, safeDestination } from './router';

describe('routes', () => {
  it('parses the three routes', () => {
    expect(parseRoute('/login', '?destination=%2Fconversations%2Fabc')).toEqual({ name: 'login', destination: '/conversations/abc', reason: null });
    expect(parseRoute('/login', '?destination=%2F&reason=server-logout')).toEqual({ name: 'login', destination: '/', reason: 'server-logout' });
    expect(parseRoute('/login', '?reason=nonsense')).toEqual({ name: 'login', destination: null, reason: null });
    expect(parseRoute('/', '')).toEqual({ name: 'home' });
    expect(parseRoute('/conversations/a%20b', '')).toEqual({ name: 'conversation', address: 'a b', thread: null });
    expect(parseRoute('/conversations/a/threads/m%201', '')).toEqual({ name: 'conversation', address: 'a', thread: 'm 1' });
    expect(parseRoute('/flagged', '')).toEqual({ name: 'flagged' });
    expect(parseRoute('/drafts', '')).toEqual({ name: 'drafts' });
    expect(parseRoute('/drafts/', '')).toEqual({ name: 'drafts' });
    expect(parseRoute('/settings/notifications', '')).toEqual({ name: 'notification-settings' });
    expect(parseRoute('/secure/logout', '')).toEqual({ name: 'logout' });
    expect(parseRoute('/secure/confirmed/corporate/landing', '?destination=%2Fconversations%2Fc1')).toEqual({ name: 'landing', destination: '/conversations/c1' });
    expect(parseRoute('/elsewhere', '')).toEqual({ name: 'not-found' });
  });

  it('only follows same-origin destinations', () => {
    expect(safeDestination('/conversations/x?y=1')).toBe('/conversations/x?y=1');
    expect(safeDestination('//evil.test/x')).toBe('/');
    expect(safeDestination('/\\evil.test')).toBe('/');
    expect(safeDestination('https://evil.test')).toBe('/');
    expect(safeDestination('javascript:alert(1)')).toBe('/');
    expect(safeDestination('/login?destination=/')).toBe('/');
    // Signing in must not sign out again.
    expect(safeDestination('/secure/logout')).toBe('/');
    expect(safeDestination('/secure/logout?x=1')).toBe('/');
    expect(safeDestination('/secure/confirmed/corporate/landing?destination=%2F')).toBe('/');
    expect(safeDestination(null)).toBe('/');
  });
});
