/**
 * The catalogue's generation (store/src/catalogue-generation.ts): each gateway reads it at
 * most every refresh interval and shares one read between the requests that need it; a raise is
 * known at once by the gateway that made it and by the others within the interval; a read that
 * started before a raise never puts the old number back; a number that cannot be read is unknown.
 * On a real Redis the counter is shared, and a counter lost to eviction starts again above
 * every value it had.
 */
import { createClient } from '@redis/client';
import { createLogger } from '@shop/common/logging.ts';
import { describe, expect, it } from 'vitest';
import { CatalogueGeneration } from '../../store/src/catalogue-generation.ts';
import type { SharedCounter } from '../../store/src/index.ts';
import { redisForSuite } from './redis-fixture.ts';

const log = createLogger('silent', 'shop-gateway');
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A counter whose reads are counted and may be held back or fail. */
function fakeCounter() {
  let value = 7;
  let failing = false;
  let held: Array<() => void> = [];
  let hold = false;
  const counter: SharedCounter & { reads: number } = {
    reads: 0,
    async read() {
      counter.reads += 1;
      const seen = value;
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      return failing ? undefined : seen;
    },
    async raise() {
      if (failing) return undefined;
      value += 1;
      return value;
    },
  };
  return {
    counter,
    set: (next: number) => {
      value = next;
    },
    fail: (on: boolean) => {
      failing = on;
    },
    hold: (on: boolean) => {
      hold = on;
      if (!on) {
        for (const release of held) release();
        held = [];
      }
    },
  };
}

describe('catalogue generation', () => {
  it('reads at most once per interval, one read shared by the requests that wait for it', async () => {
    let now = 0;
    const fake = fakeCounter();
    const generation = new CatalogueGeneration(fake.counter, log, 250, () => now);
    const [a, b] = await Promise.all([generation.current(), generation.current()]);
    expect([a, b]).toEqual([7, 7]);
    expect(fake.counter.reads).toBe(1);

    fake.set(9); // raised by another gateway
    now = 249;
    expect(await generation.current()).toBe(7);
    expect(fake.counter.reads).toBe(1);
    now = 250;
    expect(await generation.current()).toBe(9);
    expect(fake.counter.reads).toBe(2);
  });

  it('knows its own raise at once, and a read that began before it cannot undo it', async () => {
    let now = 0;
    const fake = fakeCounter();
    const generation = new CatalogueGeneration(fake.counter, log, 250, () => now);
    expect(await generation.current()).toBe(7);
    now = 300;
    fake.hold(true);
    const late = generation.current(); // reads 7, answered after the raise
    await generation.raise();
    fake.hold(false);
    await late;
    expect(await generation.current()).toBe(8);
  });

  it('is unknown while it cannot be read, and known again once it can', async () => {
    let now = 0;
    const fake = fakeCounter();
    const generation = new CatalogueGeneration(fake.counter, log, 250, () => now);
    fake.fail(true);
    expect(await generation.current()).toBeUndefined();
    fake.fail(false);
    now = 250;
    expect(await generation.current()).toBe(7);
  });

  it('starts afresh after an outage of a second or more, not after a missed read or two', async () => {
    let now = 0;
    const fake = fakeCounter();
    const generation = new CatalogueGeneration(fake.counter, log, 250, () => now);
    expect(await generation.current()).toBe(7);
    fake.fail(true);
    now = 250;
    expect(await generation.current()).toBeUndefined();
    fake.fail(false);
    now = 500; // unknown for 250 ms: the number as it is
    expect(await generation.current()).toBe(7);

    fake.fail(true);
    for (now = 750; now <= 1750; now += 250) expect(await generation.current()).toBeUndefined();
    fake.fail(false);
    now = 2000; // unknown for 1.25 s: an edit may have been stored meanwhile
    expect(await generation.current()).toBe(8);
    expect(await fake.counter.read()).toBe(8);
  });

  it('retries a raise Redis did not take until it does, using no cached answer meanwhile', async () => {
    const fake = fakeCounter();
    // real time: the retry runs on a timer of refreshMs (10 ms here)
    const generation = new CatalogueGeneration(fake.counter, log, 10);
    expect(await generation.current()).toBe(7);
    fake.fail(true);
    await generation.raise();
    expect(await generation.current()).toBeUndefined();
    await wait(30);
    expect(await generation.current()).toBeUndefined(); // still refused: still unknown
    fake.fail(false);
    for (let waited = 0; (await generation.current()) === undefined && waited < 2_000; waited += 10)
      await wait(10);
    expect(await generation.current()).toBe(8);
    expect(await fake.counter.read()).toBe(8);
  });

  describe('on Redis', () => {
    const { open, server } = redisForSuite();

    it('is one number for every gateway, raised by any of them', async () => {
      const [a, b] = [(await open()).counter('catalogue'), (await open()).counter('catalogue')];
      const first = await a.read();
      expect(first).toBeGreaterThan(0);
      expect(await b.read()).toBe(first);
      expect(await b.raise()).toBe((first as number) + 1);
      expect(await a.read()).toBe((first as number) + 1);
    });

    it('starts again above every value it had when its key is lost', async () => {
      const counter = (await open()).counter('catalogue');
      await counter.raise();
      const before = (await counter.read()) as number;
      const client = createClient({ url: server().url });
      await client.connect();
      try {
        await client.del('shop:counter:catalogue');
      } finally {
        client.destroy();
      }
      expect(await counter.read()).toBeGreaterThan(before);
    });

    it('is unknown when Redis does not answer', async () => {
      const counter = (await open()).counter('catalogue');
      expect(await counter.read()).toBeGreaterThan(0);
      server().pause();
      try {
        expect(await counter.read()).toBeUndefined();
        expect(await counter.raise()).toBeUndefined();
      } finally {
        server().resume();
      }
    });
  });
});
