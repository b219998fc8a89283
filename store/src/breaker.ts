/**
 * A circuit breaker for a dependency the gateway can do without (the shared cache): after
 * `failures` failed calls in a row it opens and the callers go without the dependency at once;
 * once `probeAfterMs` have passed it lets one call through as a probe, closing on its success and
 * staying open (for another `probeAfterMs`) on its failure. Only one probe is ever in flight, so
 * a stalled dependency holds at most one caller at a time, for at most its deadline.
 */

export type CircuitState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  /** Failures in a row that open the circuit. */
  failures: number;
  /** How long the circuit stays open before one call probes the dependency. */
  probeAfterMs: number;
  /** Called once when the circuit opens, with the failure that opened it. */
  onOpen?: (cause: unknown) => void;
  /** Called once when a probe succeeds and the circuit closes again. */
  onClose?: () => void;
  now?: () => number;
}

export class CircuitBreaker {
  private failuresInARow = 0;
  private openedAt = Number.NEGATIVE_INFINITY;
  private probing = false;
  private current: CircuitState = 'closed';

  constructor(private readonly options: BreakerOptions) {}

  get state(): CircuitState {
    return this.current;
  }

  /**
   * Runs `call` if the circuit lets it through. Never throws: the outcome is `ok` with the value,
   * or not ok, with the error when the call failed (counted) and without one when the circuit
   * kept the call from being made (the caller goes without the dependency).
   */
  async run<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error?: unknown }> {
    if (!this.admit()) return { ok: false };
    const probe = this.current === 'half-open';
    try {
      const value = await call();
      this.succeeded();
      return { ok: true, value };
    } catch (error) {
      this.failed(error);
      return { ok: false, error };
    } finally {
      if (probe) this.probing = false;
    }
  }

  private admit(): boolean {
    if (this.current === 'closed') return true;
    const now = this.options.now?.() ?? Date.now();
    if (this.probing || now - this.openedAt < this.options.probeAfterMs) return false;
    this.current = 'half-open';
    this.probing = true;
    return true;
  }

  private succeeded(): void {
    this.failuresInARow = 0;
    if (this.current === 'closed') return;
    this.current = 'closed';
    this.options.onClose?.();
  }

  private failed(error: unknown): void {
    this.failuresInARow += 1;
    if (this.current === 'half-open') {
      this.current = 'open';
      this.openedAt = this.options.now?.() ?? Date.now();
      return;
    }
    if (this.current === 'closed' && this.failuresInARow >= this.options.failures) {
      this.current = 'open';
      this.openedAt = this.options.now?.() ?? Date.now();
      this.options.onOpen?.(error);
    }
  }
}
