/**
 * A yardstick of the gateway benchmark: the least a GraphQL server built the way the gateway is
 * (Express 5, `express.json`, Apollo Server 5's Express integration, the cache-control and
 * response-cache plugins, one undici call to the service per product) can cost. No sessions,
 * safelist, limits, security headers, compression, logging or error contract: what is left is
 * the floor of "every request through Apollo's pipeline" on this machine, beside which the
 * gateway's own additions can be read. `BARE_PORT`, `SHOP_SERVICE_URL`.
 */
import { ApolloServer } from '@apollo/server';
import ApolloServerPluginResponseCache from '@apollo/server-plugin-response-cache';
import { expressMiddleware } from '@as-integrations/express5';
import express from 'express';
import { Pool } from 'undici';

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
const app = express();
app.use('/graphql', express.json(), expressMiddleware(apollo));
app.get('/healthz', (_req, res) => {
  res.send('ok');
});
const server = app.listen(Number(process.env.BARE_PORT ?? 4101), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void apollo.stop();
  void pool.close();
  setTimeout(() => process.exit(0), 100).unref();
});
