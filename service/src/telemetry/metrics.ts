/**
 * The service's own metrics besides what its instrumentations record (HTTP server durations,
 * PostgreSQL pool use and statement durations, the runtime's): the password-hash queue.
 * Without a meter provider (no metrics port) every call here is a no-op.
 */
import { metrics } from '@opentelemetry/api';

const meter = metrics.getMeter('shop-service');

const hashWait = meter.createHistogram('shop.password_hash.wait.duration', {
  description: 'How long a password hash waited in the queue before it ran.',
  unit: 's',
  advice: { explicitBucketBoundaries: [0, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 4, 8] },
});
const hashRefused = meter.createCounter('shop.password_hash.refused', {
  description: 'Password hashes turned away busy (queue full or the wait would outlast its budget).',
});

interface QueueStats {
  readonly stats: { running: number; queued: number };
}
/** Weakly held: tests make many service instances, production one. */
const queues = new Set<WeakRef<QueueStats>>();

meter
  .createObservableGauge('shop.password_hash.queue', {
    description: 'Password hashes waiting for a slot (state=queued) and running (state=running).',
  })
  .addCallback((result) => {
    let queued = 0;
    let running = 0;
    for (const ref of queues) {
      const queue = ref.deref();
      if (!queue) {
        queues.delete(ref);
        continue;
      }
      queued += queue.stats.queued;
      running += queue.stats.running;
    }
    result.observe(queued, { state: 'queued' });
    result.observe(running, { state: 'running' });
  });

export const hashQueueMetrics = {
  watch(queue: QueueStats): void {
    queues.add(new WeakRef(queue));
  },
  waited(seconds: number, lane: string): void {
    hashWait.record(seconds, { lane });
  },
  refused(lane: string): void {
    hashRefused.add(1, { lane });
  },
};
