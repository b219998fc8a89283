import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { act, render, screen } from '@testing-library/react';
import { Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { LoadingProvider, useLoadingCounter } from '../../web/src/components/LoadingOverlay.tsx';
import { loadingLink } from '../../web/src/lib/loading-link.ts';
import { elapse, startTestClock } from './clock.ts';

const QUERY = gql`
  query Slow {
    ping
  }
`;

/** A gateway that answers when the test says so. */
function slowClient() {
  const answers: Array<() => void> = [];
  const gateway = new ApolloLink(
    () =>
      new Observable((observer) => {
        answers.push(() => {
          observer.next({ data: { ping: 'pong' } });
          observer.complete();
        });
      }),
  );
  const client = new ApolloClient({
    link: ApolloLink.from([loadingLink, gateway]),
    cache: new InMemoryCache(),
  });
  return {
    client,
    answerAll: () =>
      act(() => {
        for (const answer of answers.splice(0)) answer();
      }),
  };
}

function Count() {
  return <output aria-label="loads">{useLoadingCounter().count}</output>;
}

describe('page loading counter', () => {
  it('counts every gateway call in flight until it answers', async () => {
    const { client, answerAll } = slowClient();
    render(
      <LoadingProvider>
        <Count />
      </LoadingProvider>,
    );
    expect(screen.getByLabelText('loads')).toHaveTextContent('0');
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = Promise.all([
        client.query({ query: QUERY, fetchPolicy: 'no-cache' }),
        client.query({ query: QUERY, fetchPolicy: 'no-cache', variables: { n: 2 } }),
      ]);
    });
    expect(await screen.findByText('2')).toBeInTheDocument();
    await answerAll();
    await act(() => done);
    expect(screen.getByLabelText('loads')).toHaveTextContent('0');
  });

  it('leaves out a call made with context { hideLoading: true }', async () => {
    startTestClock();
    const { client, answerAll } = slowClient();
    render(
      <LoadingProvider>
        <Count />
      </LoadingProvider>,
    );
    let done: Promise<unknown> = Promise.resolve();
    act(() => {
      done = client.query({ query: QUERY, fetchPolicy: 'no-cache', context: { hideLoading: true } });
    });
    await elapse(50);
    expect(screen.getByLabelText('loads')).toHaveTextContent('0');
    await answerAll();
    await act(() => done);
  });
});
