/**
 * Fake timers for screens that wait (a mutation's delay, polling, a countdown): the clock still moves
 * with real time, so Testing Library's waits and lazily loaded screens work as usual, and `elapse`
 * jumps it forward instead of sleeping. A file calls `useTestClock()` at its top level (or in a
 * `describe`), a single test `startTestClock()`; user-event's `setup` needs `{ advanceTimers: vi.advanceTimersByTime }` (`userWithClock`).
 */
import { act } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, onTestFinished, vi } from 'vitest';

export function useTestClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** The same clock for one test, from this call to the test's end (call it before rendering). */
export function startTestClock(): void {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  onTestFinished(() => {
    vi.useRealTimers();
  });
}

/** Moves the clock `ms` forward, running every timer due on the way, and lets React commit. */
export const elapse = (ms: number): Promise<void> =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });

/** user-event on the fake clock (its own pauses between keystrokes would otherwise never end). */
export const userWithClock = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
