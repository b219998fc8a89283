/**
 * Opened seals are remembered until they expire (gateway/src/session/seal.ts on
 * common/remembered.ts's KeptUntilExpiry): a remembered seal still stops opening at its `exp`
 * second, a seal under another key never opens from what one key remembered, and the memory is
 * bounded with the oldest forgotten first.
 */
import { randomBytes } from 'node:crypto';
import { KeptUntilExpiry } from '@shop/common/remembered.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openSession, sealSession } from '../../gateway/src/session/seal.ts';

const TOKENS = { accessToken: 'a', refreshToken: 'r', defaultPassword: false };

describe('opened seals, remembered', () => {
  afterEach(() => vi.useRealTimers());

  it('a seal opened once still expires at its exp second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
    const key = randomBytes(32);
    const sealed = await sealSession(TOKENS, key, 10_000);
    expect(await openSession(sealed, key)).toEqual(TOKENS);
    vi.setSystemTime(new Date('2026-11-28T10:00:09.999Z'));
    expect(await openSession(sealed, key)).toEqual(TOKENS);
    vi.setSystemTime(new Date('2026-11-28T10:00:10.000Z'));
    expect(await openSession(sealed, key)).toBeNull();
    // Forgotten once expired, and jose refuses it again when asked afresh.
    expect(await openSession(sealed, key)).toBeNull();
  });

  it('what one key opened does not open under another', async () => {
    const key = randomBytes(32);
    const sealed = await sealSession(TOKENS, key, 60_000);
    expect(await openSession(sealed, key)).toEqual(TOKENS);
    expect(await openSession(sealed, randomBytes(32))).toBeNull();
  });

  it('keeps at most its bound, forgetting the oldest first', () => {
    const kept = new KeptUntilExpiry<number>(2);
    const exp = Date.now() / 1000 + 60;
    kept.set('one', 1, exp);
    kept.set('two', 2, exp);
    kept.set('three', 3, exp);
    const now = Date.now();
    expect([kept.get('one', now), kept.get('two', now), kept.get('three', now)]).toEqual([undefined, 2, 3]);
    expect(kept.get('two', exp * 1000)).toBe('expired');
    expect(kept.get('two', now)).toBeUndefined();
  });
});
