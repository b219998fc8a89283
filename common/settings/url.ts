/** URLs in configuration: the service, the public origin, Redis and PostgreSQL. */
import type { Kind } from './setting.ts';

/** A URL as a refusal may echo it: the password, if any, masked. */
const masked = (text: string) => text.replace(/\/\/([^/@:]*):[^/@]*@/, '//$1:***@');

function urlWith(protocols: string[], text: string): URL | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  return protocols.includes(url.protocol) && url.hostname !== '' ? url : null;
}

/** An http(s) origin, with an optional base path; kept without its trailing slash. */
export const httpUrl: Kind<string> = {
  accepted: 'an http:// or https:// URL such as http://localhost:4001 (no query or fragment)',
  parse: (text) => {
    const url = urlWith(['http:', 'https:'], text);
    return url && !url.search && !url.hash ? text.replace(/\/+$/, '') : null;
  },
};

export const redisUrl: Kind<string> = {
  accepted: 'a redis:// or rediss:// (TLS) URL such as redis://:password@cache:6379/0',
  parse: (text) => (urlWith(['redis:', 'rediss:'], text) ? text : null),
  shown: masked,
};

export const postgresUrl: Kind<string> = {
  accepted: 'a postgres:// or postgresql:// URL such as postgres://shop:password@db:5432/shop',
  parse: (text) => (urlWith(['postgres:', 'postgresql:'], text) ? text : null),
  shown: masked,
};

/** The start of an absolute URL (`https://app.example/`, `shopapp://`): a scheme and `//` at least. */
export const urlPrefix: Kind<string> = {
  accepted: 'a URL prefix such as shopapp:// or https://app.example/',
  parse: (text) => (/^[a-z][a-z0-9+.-]*:\/\/\S*$/i.test(text) ? text : null),
};
