/**
 * What the suites run without JavaScript share: a form submitted as such a browser submits it
 * (the document's POST and its answer), and the test's own GraphQL calls, made with a browser
 * context's cookies because the page itself runs no script.
 */
import type { BrowserContext, Page, Response } from 'playwright-core';

/** Submits a form by `click` and returns the document's answer to its POST, once the next page is in. */
export async function submitted(page: Page, click: () => Promise<void>): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((res) => res.request().method() === 'POST' && res.request().isNavigationRequest()),
    click(),
  ]);
  await page.waitForLoadState('domcontentloaded');
  return response;
}

/** A GraphQL call through the gateway at `origin` with `context`'s session cookie; its `data`. */
export async function contextGql<T>(
  context: BrowserContext,
  origin: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const res = await context.request.post(`${origin}/graphql`, {
    headers: { 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: T; errors?: unknown[] };
  if (body.errors?.length || !body.data) throw new Error(`GraphQL failed: ${JSON.stringify(body.errors)}`);
  return body.data;
}
