import 'graphiql/setup-workers/vite';
import 'graphiql/style.css';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import { GraphiQL } from 'graphiql';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { exampleOperations } from './examples.ts';

// Same origin: the session cookie goes along, and the JSON content type satisfies CSRF prevention.
const fetcher = createGraphiQLFetcher({ url: '/graphql' });

createRoot(document.getElementById('playground')!).render(
  <StrictMode>
    <GraphiQL fetcher={fetcher} defaultQuery={exampleOperations} defaultEditorToolsVisibility="variables" />
  </StrictMode>,
);
