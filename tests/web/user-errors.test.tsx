/**
 * Mutation refusals arrive as payload `userErrors`: the app's link chain toasts the
 * first one (one message at a time, docs/product.md "Messages and errors"), a form shows each at its field, and every mutation
 * document of the web app selects them (so a new hook cannot forget to).
 */
import fs from 'node:fs';
import path from 'node:path';
import { ApolloClient } from '@apollo/client';
import { screen } from '@testing-library/react';
import { Kind, parse } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDocument } from '../../web/src/__generated__/graphql.ts';
import { createApolloLink, createCache } from '../../web/src/app/apollo.ts';
import { acceptPayload, fieldErrors, MutationRefused } from '../../web/src/app/user-errors.ts';
import { PasswordPanel } from '../../web/src/pages/user-center/PasswordPanel.tsx';
import { elapse, startTestClock, userWithClock } from './clock.ts';
import { renderWithProviders } from './render.tsx';

const userError = (code: string, field: string[] | null, message: string) => ({
  __typename: 'UserError' as const,
  code,
  field,
  message,
});
const refused = {
  __typename: 'ChangePasswordPayload' as const,
  session: { __typename: 'Session' as const, id: 'session', defaultPassword: false },
  userErrors: [
    userError('ACCOUNT_WRONG_OLD_PASSWORD', ['input', 'oldPassword'], '旧密码不正确'),
    userError('OTHER', null, 'second'),
  ],
};

describe('userErrors in the web app', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the link chain toasts the first refusal once; nothing for silent operations or successes', async () => {
    const onErrorMessage = vi.fn();
    let body: unknown;
    // The gateway is the edge here: fetch answers what it would.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
      ),
    );
    const link = createApolloLink(
      {
        getLocale: () => 'zh-CN',
        onUnauthenticated: vi.fn(),
        onForbidden: vi.fn(),
        onErrorMessage,
        onNotice: vi.fn(),
      },
      'http://gateway.test/graphql',
    );
    const client = new ApolloClient({ link, cache: createCache() });
    const input = { oldPassword: 'wrong1', newPassword: 'abc123', confirmPassword: 'abc123' };
    const run = (data: unknown, context: Record<string, unknown> = {}) => {
      body = { data };
      return client.mutate({ mutation: ChangePasswordDocument, variables: { input }, context });
    };
    const result = await run({ changePassword: refused });
    expect(result.data).toEqual({ changePassword: refused });
    expect(onErrorMessage).toHaveBeenCalledTimes(1);
    expect(onErrorMessage).toHaveBeenCalledWith('旧密码不正确', 2);
    await run({ changePassword: refused }, { silent: true });
    await run({ changePassword: { ...refused, userErrors: [] } });
    expect(onErrorMessage).toHaveBeenCalledTimes(1);
  });

  it('acceptPayload passes a success through and throws the refusals; fieldErrors maps them to inputs', () => {
    const ok = { ...refused, userErrors: [] };
    expect(acceptPayload(ok)).toBe(ok);
    let caught: unknown;
    try {
      acceptPayload(refused);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(MutationRefused);
    expect(fieldErrors(caught)).toEqual({ oldPassword: '旧密码不正确' });
    expect(fieldErrors(new Error('network'))).toEqual({});
    expect(() => acceptPayload(null)).toThrow(MutationRefused);
  });

  it('the change-password form shows a wrong old password at its field and keeps what was typed', async () => {
    startTestClock();
    const user = userWithClock();
    const input = { oldPassword: 'wrong1', newPassword: 'abc123', confirmPassword: 'abc123' };
    renderWithProviders(<PasswordPanel />, {
      mocks: [
        {
          request: { query: ChangePasswordDocument, variables: { input } },
          result: { data: { changePassword: refused } },
          delay: 300,
        },
      ],
    });
    await user.type(screen.getByLabelText(/原密码/), input.oldPassword);
    await user.type(screen.getByLabelText(/新密码/), input.newPassword);
    await user.type(screen.getByLabelText(/确认密码/), input.confirmPassword);
    await user.click(screen.getByRole('button', { name: '保存' }));
    // the seconds of checking are said, and the fields wait
    expect(await screen.findByText('正在核对原密码并保存新密码，需要几秒钟，请稍候…')).toBeInTheDocument();
    expect(screen.getByLabelText(/原密码/)).toHaveAttribute('readonly');
    await elapse(300);
    expect(await screen.findByText('旧密码不正确')).toBeInTheDocument();
    expect(screen.queryByText('正在核对原密码并保存新密码，需要几秒钟，请稍候…')).toBeNull();
    expect(screen.getByLabelText(/原密码/)).toHaveValue(input.oldPassword);
    expect(screen.getByLabelText(/原密码/)).not.toHaveAttribute('readonly');
    expect(screen.queryByText(/密码已修改|Password changed/)).toBeNull();
    // correcting the field takes the stale error away at once
    await user.type(screen.getByLabelText(/原密码/), '2');
    expect(screen.queryByText('旧密码不正确')).toBeNull();
  });

  it('every mutation document of the web app selects its payload userErrors', () => {
    const root = path.resolve(import.meta.dirname, '../../web/src');
    const files = fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.graphql'));
    const missing: string[] = [];
    let mutations = 0;
    for (const file of files) {
      for (const definition of parse(fs.readFileSync(path.join(root, file), 'utf8')).definitions) {
        if (definition.kind !== Kind.OPERATION_DEFINITION || definition.operation !== 'mutation') continue;
        for (const selection of definition.selectionSet.selections) {
          if (selection.kind !== Kind.FIELD) continue;
          mutations += 1;
          const selectsUserErrors = selection.selectionSet?.selections.some(
            (s) => s.kind === Kind.FIELD && s.name.value === 'userErrors',
          );
          if (!selectsUserErrors) missing.push(`${file}: ${definition.name?.value}`);
        }
      }
    }
    expect(mutations).toBeGreaterThanOrEqual(15);
    expect(missing).toEqual([]);
  });
});
