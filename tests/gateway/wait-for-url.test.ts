/**
 * The readiness probe of `npm start` and `npm run dev` (scripts/wait-for-url.ts): when it gives up it
 * says why its last attempt failed, so a port fetch will not open, a refused connection or a failing
 * answer is named instead of a bare "did not answer".
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/free-port.ts';
import { waitForAnswer } from '../../scripts/wait-for-url.ts';

describe('the readiness probe', () => {
  let failing: http.Server;
  let failingUrl: string;
  beforeAll(async () => {
    failing = http.createServer((_req, res) => res.writeHead(503).end());
    await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
    failingUrl = `http://127.0.0.1:${(failing.address() as AddressInfo).port}/healthz`;
  });
  afterAll(() => new Promise<void>((resolve) => failing.close(() => resolve())));

  const never = () => false;

  it('names a port fetch refuses to open', async () => {
    expect(await waitForAnswer('http://127.0.0.1:6000/healthz', 300, never)).toEqual({
      answered: false,
      lastError: 'fetch failed: bad port',
    });
  });

  it('names a refused connection', async () => {
    const outcome = await waitForAnswer(`http://127.0.0.1:${await freePort()}/healthz`, 300, never);
    expect(outcome).toMatchObject({ answered: false, lastError: expect.stringContaining('ECONNREFUSED') });
  });

  it('names the status of an answer that keeps failing, and is done at the first good one', async () => {
    expect(await waitForAnswer(failingUrl, 300, never)).toEqual({
      answered: false,
      lastError: 'it answered 503',
    });
    failing.removeAllListeners('request');
    failing.on('request', (_req, res) => res.writeHead(200).end('ok'));
    expect(await waitForAnswer(failingUrl, 5000, never)).toEqual({ answered: true });
  });
});
