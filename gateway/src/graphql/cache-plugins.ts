/**
 * Cache control on every GraphQL answer, from the SDL alone: Apollo's cache-control plugin reads the schema's
 * `@cacheControl` hints (a root field without one is uncacheable) and writes `Cache-Control`; the response
 * cache (response-cache.ts) keeps what they allow, over HTTP and for the server render alike (its key comes
 * from the GraphQL context). A kept answer goes out with what is left of its lifetime (cache/entries.ts);
 * a session's private answers end with it (session/ended.ts). Every key carries the catalogue's generation
 * (@shop/store's catalogue-generation.ts): a catalogue change leaves everything kept before unread, and
 * while the generation is unknown nothing is read or kept.
 */
import type { ApolloServerPlugin, BaseContext } from '@apollo/server';
import { ApolloServerPluginCacheControl } from '@apollo/server/plugin/cacheControl';
import { carriesSession, edgeHeaders } from '@shop/common/edge-cache.ts';
import { rememberedByValue } from '@shop/common/remembered.ts';
import { format, parse as parseCacheControl } from '@tusbar/cache-control';
import vary from 'vary';
import type { ResponseStore } from '../cache/entries.ts';
import { SESSION_COOKIE } from '../session/cookie.ts';
import type { EndedSessions } from '../session/ended.ts';
import { responseCache } from './response-cache.ts';

interface CacheContext extends BaseContext {
  /** The session's partition of private entries; null for anonymous requests. */
  sessionCacheKey: string | null;
  /** The request's Accept-Language as sent (the service localises by it). */
  acceptLanguage?: string;
  /** The catalogue's generation as the request began; undefined when it could not be known. */
  catalogueGeneration: number | undefined;
}

/** Names, texts and error messages follow Accept-Language: shared caches must key on it. */
export const VARY = 'Accept-Language';

/**
 * The language part of a cache key: the Accept-Language header itself (normalised), not the gateway's
 * guess of the locale, so two headers the service would answer in different languages never share an entry.
 */
export const languageKey = (acceptLanguage: string | undefined): string =>
  (acceptLanguage ?? '').replace(/\s+/g, '').toLowerCase();

/** Parsed Cache-Control headers by value: Apollo writes a handful of distinct ones. */
const policyOf = rememberedByValue(parseCacheControl, 256);
const NO_STORE = format({ noStore: true });

/**
 * What an HTTP answer tells browsers and the edge, and `Vary: Accept-Language` on every answer. A private
 * answer is kept by the gateway's response cache alone, under its session: a browser's HTTP cache is keyed by
 * the URL, not by the login, so a GET answered `private, max-age=N` could be shown to the next person signing
 * in on the same browser. Clients are told `no-store`, and so is a request carrying a session whatever its
 * answer (nothing outside the gateway keeps its answers). A public answer to an anonymous GET is marked for
 * the edge (common/edge-cache.ts). The server render's in-process operations have no HTTP request and are
 * left as they are: it reads their `Cache-Control`.
 */
const forBrowsersAndTheEdge = (edgeMaxAgeSeconds: number): ApolloServerPlugin<CacheContext> => ({
  async requestDidStart() {
    return {
      async willSendResponse({ request, response }) {
        const headers = response.http.headers;
        headers.set('vary', vary.append(headers.get('vary') ?? '', VARY));
        const http = request.http;
        const header = headers.get('cache-control');
        if (!http || !header) return;
        const policy = policyOf(header);
        const personal = carriesSession((name) => http.headers.get(name), SESSION_COOKIE);
        if (policy?.private || (policy?.public && personal)) {
          headers.set('cache-control', NO_STORE);
          return;
        }
        if (!policy?.public || http.method !== 'GET') return;
        const edge = edgeHeaders(policy.maxAge ?? 0, edgeMaxAgeSeconds);
        for (const [name, value] of Object.entries(edge)) headers.set(name, value);
      },
    };
  },
});

/**
 * The cache-control plugin, `Vary`, the edge's marks (for at most `edgeMaxAgeSeconds`), and the response
 * cache on `store` (graphql/caches.ts makes it). Keys carry the Accept-Language header and, for private
 * answers, the session: a session that ended (`ended`) has none, so nothing private is read or kept for it.
 */
export function cachePlugins(
  store: ResponseStore,
  ended: EndedSessions,
  edgeMaxAgeSeconds = 0,
  now: () => number = Date.now,
): ApolloServerPlugin<CacheContext>[] {
  const liveSession = async (key: string | null) => (key !== null && !(await ended.ended(key)) ? key : null);
  return [
    ApolloServerPluginCacheControl({ defaultMaxAge: 0 }),
    forBrowsersAndTheEdge(edgeMaxAgeSeconds),
    responseCache<CacheContext>({
      store,
      sessionId: ({ sessionCacheKey }) => liveSession(sessionCacheKey),
      // Without the generation an entry could be from before a catalogue change: the service answers.
      usable: ({ catalogueGeneration }) => catalogueGeneration !== undefined,
      // A private answer made while its session ended (a request beside the logout) is not kept.
      mayKeepPrivate: async ({ sessionCacheKey }) => (await liveSession(sessionCacheKey)) !== null,
      // The generation the request began with: an answer read from the service before a change and
      // written after it lands under the old generation, where no one reads it.
      extraKey: ({ catalogueGeneration, acceptLanguage }) =>
        `${catalogueGeneration}:${languageKey(acceptLanguage)}`,
      now,
    }),
  ];
}
