import { describe, expect, it } from 'vitest';
import { channel, LogBuilder, message, T0, user } from '../../fixtures/builders';
import { foldAll } from '../../projections/fold';
import { fnv1a64, projectionHashes } from '../../projections/hash';

describe('projection hashes', () => {
  it('FNV-1a 64 matches its published test vectors', () => {
    expect(fnv1a64('')).toBe('cbf29ce484222325');
    expect(fnv1a64('a')).toBe('af63dc4c8601ec8c');
    expect(fnv1a64('foobar')).toBe('85944171f73967e8');
  });

  it('are equal for equal states and name the projection that differs', () => {
    const log = new LogBuilder()
      .add({ type: 'session.started', user: user({ target_user_guid: 'me' }) })
      .add({ type: 'channels.listed', channels: [channel({ address: 'a' })] })
      .add({ type: 'message.received', message: message({ guid: 'm', address: 'a', created: T0 + 1, from_guid: 'x' }) });
    const a = projectionHashes(foldAll(log.envelopes));
    expect(projectionHashes(foldAll(log.envelopes))).toEqual(a);
    log.add({ type: 'typing.started', address: 'a', user_guid: 'x', name: 'X' });
    const b = projectionHashes(foldAll(log.envelopes));
    expect(b.all).not.toBe(a.all);
    expect(Object.entries(b.each).filter(([n, h]) => h !== a.each[n as keyof typeof a.each]).map(([n]) => n)).toEqual(['typing']);
  });
});
