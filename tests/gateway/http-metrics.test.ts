/**
 * The request metric both processes record themselves (common/telemetry/http-metrics.ts): route
 * templates rather than addresses, the answer's status, and nothing thrown when an answer closes
 * after its socket is gone (an aborted upload, a proxied page).
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { metrics } from '@opentelemetry/sdk-node';
import { httpServerMetrics } from '@shop/common/telemetry/http-metrics.ts';
import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';

/** A meter provider of the test's own, and the data points it has recorded so far. */
function recorder() {
  class Reader extends metrics.MetricReader {
    protected async onForceFlush(): Promise<void> {}
    protected async onShutdown(): Promise<void> {}
  }
  const reader = new Reader();
  const provider = new metrics.MeterProvider({ readers: [reader] });
  return {
    provider,
    async points(): Promise<Array<Record<string, unknown>>> {
      const { resourceMetrics } = await reader.collect();
      return resourceMetrics.scopeMetrics
        .flatMap((scope) => scope.metrics)
        .filter((metric) => metric.descriptor.name === 'http.server.request.duration')
        .flatMap((metric) => metric.dataPoints.map((point) => ({ ...point.attributes })));
    },
  };
}

describe('httpServerMetrics', () => {
  it('labels answers with the route template that gave them, never the address', async () => {
    const { provider, points } = recorder();
    const app = express();
    app.use(httpServerMetrics('test', provider));
    const api = express.Router();
    api.get('/things/:id', (_req, res) => {
      res.json({ ok: true });
    });
    app.use('/api', api);
    app.use('/mounted', (_req, res) => {
      res.status(503).end();
    });
    await request(app).get('/api/things/42').expect(200);
    await request(app).get('/api/things/43').expect(200);
    await request(app).post('/mounted/anything').expect(503);
    await request(app).get('/nowhere/7').expect(404);
    // the close event follows the answer's end
    await new Promise((resolve) => setImmediate(resolve));
    const recorded = await points();
    expect(recorded).toContainEqual(
      expect.objectContaining({
        'http.route': '/api/things/:id',
        'http.request.method': 'GET',
        'http.response.status_code': 200,
      }),
    );
    expect(recorded).toContainEqual(
      expect.objectContaining({
        'http.route': '/mounted',
        'http.response.status_code': 503,
        'error.type': '503',
      }),
    );
    const missing = recorded.find((point) => point['http.response.status_code'] === 404);
    expect(missing).toBeDefined();
    expect(missing).not.toHaveProperty('http.route');
    expect(recorded.some((point) => /\d/.test(String(point['http.route'] ?? '')))).toBe(false);
  });

  it('records an answer that closes after its socket is gone, and throws nothing', async () => {
    const { provider, points } = recorder();
    const req = Object.assign(new EventEmitter(), {
      method: 'PUT',
      httpVersion: '1.1',
      socket: { encrypted: true } as unknown,
    });
    const res = Object.assign(new EventEmitter(), { statusCode: 499 });
    let passedOn = false;
    httpServerMetrics('test', provider)(
      req as unknown as IncomingMessage,
      res as unknown as ServerResponse,
      () => {
        passedOn = true;
      },
    );
    expect(passedOn).toBe(true);
    req.socket = null;
    expect(() => res.emit('close')).not.toThrow();
    expect(await points()).toEqual([
      {
        'http.request.method': 'PUT',
        'url.scheme': 'https',
        'network.protocol.version': '1.1',
        'http.response.status_code': 499,
      },
    ]);
  });
});
