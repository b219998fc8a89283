import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from './harness.ts';

describe('service foundation', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService({ BODY_LIMIT: '1kb' });
  });
  afterAll(() => service.close());

  it('answers unknown paths with a 404 envelope', async () => {
    const res = await service.http.get('/service/no/such/path');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({
      success: false,
      data: null,
      message: 'common.notFound',
      alterMsg: '请求的资源不存在',
      type: 2,
    });
  });

  it('translates alterMsg for en-GB callers', async () => {
    const res = await service.http.get('/service/nope').set('Accept-Language', 'en-GB,en;q=0.9');
    expect(res.body.alterMsg).toBe('The requested resource does not exist');
  });

  it('refuses malformed JSON with a 400 envelope and no stack trace', async () => {
    const res = await service.http
      .post('/service/shop/shop-user/login')
      .set('Content-Type', 'application/json')
      .send('{"account": ');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('refuses bodies over the size limit with 413', async () => {
    const res = await service.http
      .post('/service/shop/shop-user/login')
      .send({ account: 'x'.repeat(5000), password: 'y' });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('common.bodyTooLarge');
  });
});
