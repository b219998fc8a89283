/**
 * The pieces that keep a stalled Redis from holding answers up (store/src/): the circuit
 * breaker, on a clock the test moves, the deadline on one call, and the setting that sets it.
 */

import { CircuitBreaker } from '@shop/store/breaker.ts';
import { DeadlineError, withDeadline } from '@shop/store/deadline.ts';
import { describe, expect, it, vi } from 'vitest';
import { loadGatewayConfig } from '../../gateway/src/config.ts';

const failing = () => Promise.reject(new Error('down'));
const working = () => Promise.resolve('up');

describe('circuit breaker', () => {
  const setup = () => {
    const clock = { now: 0 };
    const events: string[] = [];
    const breaker = new CircuitBreaker({
      failures: 3,
      probeAfterMs: 1_000,
      now: () => clock.now,
      onOpen: (cause) => events.push(`open: ${(cause as Error).message}`),
      onClose: () => events.push('close'),
    });
    return { clock, events, breaker };
  };

  it('opens after three failures in a row and then makes no call at all', async () => {
    const { breaker, events } = setup();
    await breaker.run(failing);
    await breaker.run(working); // a success in between starts the count again
    for (let i = 0; i < 3; i += 1) expect((await breaker.run(failing)).ok).toBe(false);
    expect(breaker.state).toBe('open');
    expect(events).toEqual(['open: down']);
    const call = vi.fn(working);
    expect(await breaker.run(call)).toEqual({ ok: false });
    expect(call).not.toHaveBeenCalled();
  });

  it('lets one probe through once the wait is over, closing on its success', async () => {
    const { breaker, clock, events } = setup();
    for (let i = 0; i < 3; i += 1) await breaker.run(failing);
    clock.now = 999;
    expect(await breaker.run(working)).toEqual({ ok: false });
    clock.now = 1_000;
    let answer: (value: string) => void = () => {};
    const probe = breaker.run(() => new Promise<string>((resolve) => (answer = resolve)));
    expect(breaker.state).toBe('half-open');
    const other = vi.fn(working);
    expect(await breaker.run(other)).toEqual({ ok: false }); // one probe at a time
    expect(other).not.toHaveBeenCalled();
    answer('up');
    expect(await probe).toEqual({ ok: true, value: 'up' });
    expect(breaker.state).toBe('closed');
    expect(await breaker.run(working)).toEqual({ ok: true, value: 'up' });
    expect(events).toEqual(['open: down', 'close']);
  });

  it('stays open for another wait when the probe fails, without saying so again', async () => {
    const { breaker, clock, events } = setup();
    for (let i = 0; i < 3; i += 1) await breaker.run(failing);
    clock.now = 1_000;
    expect((await breaker.run(failing)).ok).toBe(false);
    expect(breaker.state).toBe('open');
    clock.now = 1_500;
    const call = vi.fn(working);
    await breaker.run(call);
    expect(call).not.toHaveBeenCalled();
    clock.now = 2_000;
    expect(await breaker.run(working)).toEqual({ ok: true, value: 'up' });
    expect(events).toEqual(['open: down', 'close']);
  });
});

describe('deadline', () => {
  it('gives the answer when it comes in time, and a DeadlineError when it does not', async () => {
    expect(await withDeadline(Promise.resolve('v'), 20)).toBe('v');
    await expect(withDeadline(new Promise(() => {}), 20)).rejects.toBeInstanceOf(DeadlineError);
    await expect(withDeadline(Promise.reject(new Error('refused')), 20)).rejects.toThrow('refused');
  });

  it('counts an answer that arrived while this process was busy as in time', async () => {
    // Both fall due in the same turn of the event loop, the deadline's timer first: the answer
    // was there before the verdict, as a reply read late because a render held the loop would be.
    let reply: (value: string) => void = () => {};
    const answer = withDeadline(new Promise<string>((resolve) => (reply = resolve)), 20);
    setTimeout(() => reply('late read'), 20);
    const busyUntil = performance.now() + 40;
    while (performance.now() < busyUntil) {
      // the loop is held, as by a long render
    }
    expect(await answer).toBe('late read');
  });
});

describe('REDIS_TIMEOUT', () => {
  const load = (env: Record<string, string>) => loadGatewayConfig({ SESSION_SECRET: 'x', ...env });

  it('is 50 ms unless given, and takes a duration up to a second', () => {
    expect(load({}).redisTimeoutMs).toBe(50);
    expect(load({ REDIS_TIMEOUT: '20ms' }).redisTimeoutMs).toBe(20);
    expect(load({ REDIS_TIMEOUT: '1s' }).redisTimeoutMs).toBe(1_000);
  });

  it('refuses a deadline that would let a cache hold answers up (a bare 50 is 50 s)', () => {
    for (const given of ['50', '2s', '0ms', 'fast']) {
      expect(() => load({ REDIS_TIMEOUT: given })).toThrow(/REDIS_TIMEOUT=.*a duration from 1ms to 1s/);
    }
  });
});
