/**
 * A yardstick of the gateway benchmark: the least a GraphQL server built the way the gateway is
 * (Apollo Server 5, the cache-control and response-cache plugins, one undici call to the service
 * per product) can cost. No sessions, safelist, limits, security headers, logging or error
 * contract: what is left is the floor of "every request through Apollo's pipeline" on this
 * machine, beside which the gateway's own additions can be read. Two fronts (`BARE_FRONT`):
 * - `node` (the default): the gateway's own /graphql front (gateway/src/http/graphql-front.ts,
 *   node:http into `executeHTTPGraphQLRequest`, its body parser and compression), so the
 *   difference from the gateway is the gateway's pipeline alone;
 * - `express`: Express 5, `express.json` and Apollo's Express integration, the usual way to
 *   serve Apollo, without compression.
 * `BARE_PORT`, `SHOP_SERVICE_URL`.
 */
import http from 'node:http';
import { ApolloServer } from '@apollo/server';
import ApolloServerPluginResponseCache from '@apollo/server-plugin-response-cache';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { Pool } from 'undici';
import { graphqlFront } from '../gateway/src/http/graphql-front.ts';

const target = process.env.SHOP_SERVICE_URL ?? 'http://127.0.0.1:4001';
const pool = new Pool(target, { connections: 32, pipelining: 1 });

const typeDefs = `#graphql
  enum CacheControlScope { PUBLIC PRIVATE }
  directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean)
    on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
  type Query { product(id: ID!, nonce: Int): Product @cacheControl(maxAge: 60) }
  type Product { id: ID! name: String! description: String stock: Int! price: Int! }
`;

interface RestProduct {
  id: number;
  name: string;
  description?: string;
  stock: number;
  price: number;
}

const resolvers = {
  Query: {
    product: async (_: unknown, { id }: { id: string }) => {
      const res = await pool.request({
        method: 'GET',
        path: `/service/shop/product/${encodeURIComponent(id)}`,
      });
      const body = (await res.body.json()) as { data: RestProduct };
      return body.data;
    },
  },
};

const apollo = new ApolloServer({
  typeDefs,
  resolvers,
  plugins: [ApolloServerPluginResponseCache()],
});
await apollo.start();
const port = Number(process.env.BARE_PORT ?? 4101);
let server: http.Server;
if (process.env.BARE_FRONT === 'express') {
  const app = express();
  app.use('/graphql', express.json(), expressMiddleware(apollo));
  app.get('/healthz', (_req, res) => {
    res.send('ok');
  });
  server = app.listen(port, '127.0.0.1');
} else {
  const front = graphqlFront({
    apollo,
    context: async () => ({}),
    bodyLimit: '100kb',
    trustsProxy: () => false,
    headers: [],
    onError: (error) => console.error(error),
  });
  server = http.createServer((req, res) => {
    if (req.url === '/healthz') res.end('ok');
    else front(req, res);
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, '127.0.0.1');
}
process.on('SIGTERM', () => {
  server.close();
  void apollo.stop();
  void pool.close();
  setTimeout(() => process.exit(0), 100).unref();
});
