/**
 * Apollo's MockedProvider with data masking on, as the app's client runs it (`dataMasking: true`):
 * a component that reads a field its own query or fragment does not select fails here too.
 */
import { type ApolloCache, ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { MockLink } from '@apollo/client/testing';
import { type ReactNode, useState } from 'react';

export function MockedProvider({
  mocks,
  cache,
  children,
}: {
  mocks: ReadonlyArray<MockLink.MockedResponse>;
  cache: ApolloCache;
  children: ReactNode;
}) {
  const [client] = useState(() => new ApolloClient({ link: new MockLink(mocks), cache, dataMasking: true }));
  return <ApolloProvider client={client}>{children}</ApolloProvider>;
}
