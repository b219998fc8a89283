/**
 * The HTTP transport to the gateway: its own chunk. A server-rendered first screen asks GraphQL
 * nothing, so the transport loads after the first paint (apollo.ts loads it with the first call).
 */
import type { ApolloLink } from '@apollo/client';
import { HttpLink } from '@apollo/client/link/http';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { print } from '@apollo/client/utilities';

export function createTransport(uri: string): ApolloLink {
  const http = new HttpLink({
    uri,
    credentials: 'same-origin',
    // A custom header makes the request non-simple, so the gateway's CSRF prevention lets it
    // through; a GET needs it as much as a POST (a plain GET could be sent by any page's <img>).
    headers: { 'apollo-require-preflight': 'true' },
  });
  const persisted = persistedQueries();
  return persisted ? persisted.concat(http) : http;
}

/**
 * Operations go by their sha256 alone (automatic persisted queries): the gateway knows the web
 * app's operations from the manifest `npm run codegen` writes (web/src/__generated__/operations.json,
 * same hashes) and, in production, runs nothing else. An unknown hash is retried with the text.
 * Without WebCrypto (a plain-http origin other than localhost) the text is sent.
 *
 * Queries sent by hash go as GET (`useGETForHashedQueries`): the address then names the answer
 * (hash and variables), so the edge cache in front of the gateways (deploy/nginx.conf) and the
 * browser can keep a public one. Mutations, and a retry carrying the text, stay POST.
 */
function persistedQueries(): ApolloLink | null {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const hex = (buffer: ArrayBuffer) =>
    [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return new PersistedQueryLink({
    useGETForHashedQueries: true,
    generateHash: async (document) =>
      hex(await subtle.digest('SHA-256', new TextEncoder().encode(print(document)))),
  });
}
