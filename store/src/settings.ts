/**
 * The stores' environment variables: the process that opens them (the gateway) spreads them into
 * its own settings schema, so they are read, refused and documented with the rest of its
 * configuration (docs/configuration.md), and hands the parsed values to `openStores`.
 */
import { duration } from '@shop/common/settings/duration.ts';
import { type Kind, optionalSetting, setting } from '@shop/common/settings/setting.ts';
import { redisUrl } from '@shop/common/settings/url.ts';

/** A shared cache's deadline: a cache slower than a second saves nothing (and a bare `50` is 50 s). */
const cacheDeadline: Kind<number> = {
  accepted: 'a duration from 1ms to 1s such as 50ms',
  parse: (text) => {
    const ms = duration().parse(text);
    return ms !== null && ms >= 1 && ms <= 1000 ? ms : null;
  },
};

export const storeSettingsSchema = {
  REDIS_URL: optionalSetting(
    redisUrl,
    'none (memory)',
    'Redis holding the response and page caches, shared by every gateway naming it: `redis://:password@host:6379`, `redis://user:password@host:6379`, `rediss://…` for TLS (docs/operations.md)',
  ),
  REDIS_TIMEOUT: setting(
    cacheDeadline,
    '50ms',
    'deadline of one Redis command; three failures or missed deadlines in a row bypass Redis until a probe (one a second) succeeds',
  ),
};
