/**
 * The personal centre without JavaScript: its forms' server action (web/src/app/form-actions/
 * account.ts) runs the mutation the panel runs and answers a 303 to the panel with `?done=<form>`,
 * or the form again (400) with its messages; the panel reached with `?done=` says in the page what
 * the script says in a toast, in the page's language.
 */
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { citizenIdCheckChar } from '@shop/common/validators.ts';
import { screen } from '@testing-library/react';
import type { ActionFunctionArgs } from 'react-router-dom';
import { Observable } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { ProfilePanelDocument, RealNameFormDocument } from '../../web/src/__generated__/graphql.ts';
import { userCenterAction } from '../../web/src/app/form-actions/account.ts';
import type { FormActionContext, FormFile } from '../../web/src/app/form-actions/index.ts';
import type { FormResult } from '../../web/src/components/form/server-result.ts';
import { PasswordPanel } from '../../web/src/pages/user-center/PasswordPanel.tsx';
import { ProfilePanel } from '../../web/src/pages/user-center/ProfilePanel.tsx';
import { renderShopperScreen } from './route-screen.tsx';
import { demoViewer } from './shop-fixtures.ts';

const ORIGIN = 'http://shop.test';
const MAX = 5 * 1024 * 1024;
const forever = Number.POSITIVE_INFINITY;

interface Sent {
  operationName: string;
  variables: Record<string, unknown>;
}

/** A signed-in shopper's client: each mutation answers what `answers` gives it (accepted by default). */
function shopperClient(sent: Sent[], answers: Record<string, unknown> = {}): ApolloClient {
  const accepted: Record<string, unknown> = {
    Session: {
      session: {
        __typename: 'Session',
        id: 'session',
        isAuthenticated: true,
        defaultPassword: false,
        viewer: null,
      },
    },
    VerifyRealName: {
      verifyRealName: { __typename: 'VerifyRealNamePayload', realName: null, viewer: null, userErrors: [] },
    },
    ChangePassword: {
      changePassword: {
        __typename: 'ChangePasswordPayload',
        session: { __typename: 'Session', id: 'session', defaultPassword: false },
        userErrors: [],
      },
    },
    ProfilePanel: { viewer: demoViewer, config: { __typename: 'ShopConfig', uploadMaxBytes: MAX } },
    UpdateProfile: { updateProfile: { __typename: 'UpdateProfilePayload', viewer: null, userErrors: [] } },
    ...answers,
  };
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        sent.push({ operationName: operation.operationName ?? '', variables: operation.variables });
        observer.next({ data: accepted[operation.operationName ?? ''] as Record<string, unknown> });
        observer.complete();
      }),
  );
  return new ApolloClient({ link, cache: new InMemoryCache() });
}

/** The avatar's form as the browser sends it: multipart, the button's intent and the file. */
function avatarForm(name: string, type: string, bytes: Uint8Array): RequestInit {
  const boundary = '----avatarForm';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="intent"\r\n\r\navatar\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
  const tail = `\r\n--${boundary}--\r\n`;
  const encoder = new TextEncoder();
  const body = new Uint8Array([...encoder.encode(head), ...bytes, ...encoder.encode(tail)]);
  return { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
}

/** What the action answers a form sent to `path`: a redirect, or the form again with its data. */
async function send(
  path: string,
  fields: Record<string, string> | RequestInit,
  client: ApolloClient,
  upload?: FormActionContext['upload'],
) {
  const init =
    'method' in fields
      ? (fields as RequestInit)
      : { method: 'POST', body: new URLSearchParams(fields as Record<string, string>) };
  const request = new Request(`${ORIGIN}${path}`, init);
  const context: FormActionContext = { client, ...(upload ? { upload } : {}) };
  const answer = (await userCenterAction({ request, params: {}, context } as ActionFunctionArgs)) as
    | Response
    | { data: FormResult; init: { status: number } };
  return answer instanceof Response
    ? { status: answer.status, location: answer.headers.get('location') }
    : { status: answer.init.status, result: answer.data };
}

/** What the action changed: its mutations, without the reads (the session, the upload limit). */
const mutations = (sent: Sent[]) =>
  sent.filter((entry) => entry.operationName !== 'Session' && entry.operationName !== 'ProfilePanel');

describe('the personal centre action: display name and gender', () => {
  it('saves the name, phone and gender, then shows the panel with the mark that it was saved', async () => {
    const sent: Sent[] = [];
    const fields = { intent: 'profile', name: ' 新名字 ', phone: '13800000000', gender: 'FEMALE' };
    const answer = await send('/user/center/info', fields, shopperClient(sent));
    expect(answer).toEqual({ status: 303, location: '/user/center/info?done=profile' });
    expect(mutations(sent)).toEqual([
      {
        operationName: 'UpdateProfile',
        variables: { input: { name: '新名字', phone: '13800000000', gender: 'FEMALE' } },
      },
    ]);
  });

  it("keeps the page's language in the address it answers", async () => {
    const fields = { intent: 'profile', name: '小明', phone: '13800000000', gender: '' };
    const answer = await send('/user/center/info?lang=en-GB&done=realName', fields, shopperClient([]));
    expect(answer).toEqual({ status: 303, location: '/user/center/info?lang=en-GB&done=profile' });
  });

  it('refuses an empty name with its rule, the values typed kept, running nothing', async () => {
    const sent: Sent[] = [];
    const fields = { intent: 'profile', name: '  ', phone: '13800000000', gender: 'MALE' };
    const answer = await send('/user/center/info', fields, shopperClient(sent));
    expect(answer.status).toBe(400);
    expect(answer.result?.form).toBe('profile');
    expect(Object.keys(answer.result?.rules ?? {})).toEqual(['name']);
    expect(answer.result?.values).toEqual({ name: '  ', phone: '13800000000', gender: 'MALE' });
    expect(mutations(sent)).toEqual([]);
  });
});

describe('the personal centre action: change password', () => {
  const fields = {
    intent: 'password',
    oldPassword: 'Passw0rd.a',
    newPassword: 'Passw0rd.b',
    confirmPassword: 'Passw0rd.b',
  };

  it('changes the password, then shows the panel with the mark that it was changed', async () => {
    const sent: Sent[] = [];
    const answer = await send('/user/center/password', fields, shopperClient(sent));
    expect(answer).toEqual({ status: 303, location: '/user/center/password?done=password' });
    expect(mutations(sent)).toEqual([
      {
        operationName: 'ChangePassword',
        variables: {
          input: { oldPassword: 'Passw0rd.a', newPassword: 'Passw0rd.b', confirmPassword: 'Passw0rd.b' },
        },
      },
    ]);
  });

  it('refuses two different new passwords with the rule, sending no password back', async () => {
    const sent: Sent[] = [];
    const answer = await send(
      '/user/center/password',
      { ...fields, confirmPassword: 'Passw0rd.c' },
      shopperClient(sent),
    );
    expect(answer.status).toBe(400);
    expect(Object.keys(answer.result?.rules ?? {})).toEqual(['confirmPassword']);
    expect(answer.result?.values).toEqual({});
    expect(mutations(sent)).toEqual([]);
  });

  it("shows the service's refusal of a wrong old password beside its field", async () => {
    const sent: Sent[] = [];
    const refused = {
      ChangePassword: {
        changePassword: {
          __typename: 'ChangePasswordPayload',
          session: null,
          userErrors: [
            {
              __typename: 'UserError',
              code: 'BAD_USER_INPUT',
              field: ['input', 'oldPassword'],
              message: '旧密码不正确',
            },
          ],
        },
      },
    };
    const answer = await send('/user/center/password', fields, shopperClient(sent, refused));
    expect(answer.status).toBe(400);
    expect(answer.result?.refusals).toEqual({ oldPassword: '旧密码不正确' });
  });
});

describe('the personal centre action: real name', () => {
  const first17 = '11010519900307123';
  const good = `${first17}${citizenIdCheckChar(first17)}`;
  const bad = `${first17}${citizenIdCheckChar(first17) === '4' ? '5' : '4'}`;

  it('refuses a citizen ID whose check character is wrong, the values kept, running nothing', async () => {
    const sent: Sent[] = [];
    const answer = await send(
      '/user/center/info',
      { intent: 'realName', realName: '张三', idNumber: bad },
      shopperClient(sent),
    );
    expect(answer.status).toBe(400);
    expect(answer.result?.form).toBe('realName');
    expect(Object.keys(answer.result?.rules ?? {})).toEqual(['idNumber']);
    expect(answer.result?.values).toEqual({ realName: '张三', idNumber: bad });
    expect(mutations(sent)).toEqual([]);
  });

  it('verifies a good one (the x upper-cased), then shows the panel with the mark that it was done', async () => {
    const sent: Sent[] = [];
    const typed = good.toLowerCase();
    const answer = await send(
      '/user/center/info',
      { intent: 'realName', realName: '张三', idNumber: typed },
      shopperClient(sent),
    );
    expect(answer).toEqual({ status: 303, location: '/user/center/info?done=realName' });
    expect(mutations(sent)).toEqual([
      { operationName: 'VerifyRealName', variables: { input: { realName: '张三', idNumber: good } } },
    ]);
  });
});

describe('the personal centre action: avatar', () => {
  const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
  const url = '/service/file/down?fullfilename=0123456789abcdef0123456789abcdef.png';

  it('uploads the picture, saves it as the avatar, then shows the panel with the mark that it was saved', async () => {
    const sent: Sent[] = [];
    const upload = vi.fn(async (_file: FormFile) => ({ url }));
    const answer = await send(
      '/user/center/info',
      avatarForm('me.png', 'image/png', picture),
      shopperClient(sent),
      upload,
    );
    expect(answer).toEqual({ status: 303, location: '/user/center/info?done=avatar' });
    expect(upload).toHaveBeenCalledTimes(1);
    const [file] = upload.mock.calls[0];
    expect({ name: file.name, type: file.type, bytes: [...file.bytes] }).toEqual({
      name: 'me.png',
      type: 'image/png',
      bytes: [...picture],
    });
    expect(mutations(sent).filter((entry) => entry.operationName === 'UpdateProfile')).toEqual([
      { operationName: 'UpdateProfile', variables: { input: { avatar: url } } },
    ]);
  });

  it.each([
    [
      'a file that is not a picture',
      avatarForm('notes.txt', 'text/plain', picture),
      { messageId: 'uc.imageOnly' },
    ],
    [
      'no file at all',
      avatarForm('', 'application/octet-stream', new Uint8Array()),
      { messageId: 'uc.imageOnly' },
    ],
    [
      'a picture past the size limit',
      avatarForm('big.png', 'image/png', new Uint8Array(MAX + 1)),
      { messageId: 'uc.imageTooLarge', messageValues: { max: '5 MB' } },
    ],
  ])('refuses %s with the panel’s message, uploading nothing', async (_what, form, message) => {
    const sent: Sent[] = [];
    const upload = vi.fn(async () => ({ url }));
    const answer = await send('/user/center/info', form, shopperClient(sent), upload);
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ form: 'avatar', ...message });
    expect(upload).not.toHaveBeenCalled();
    expect(mutations(sent)).toEqual([]);
  });

  it("shows the upload's refusal above the form, saving nothing", async () => {
    const sent: Sent[] = [];
    const upload = async () => ({ refused: '文件内容与扩展名不符或文件已损坏' });
    const answer = await send(
      '/user/center/info',
      avatarForm('me.png', 'image/png', picture),
      shopperClient(sent),
      upload,
    );
    expect(answer.status).toBe(400);
    expect(answer.result).toMatchObject({ form: 'avatar', message: '文件内容与扩展名不符或文件已损坏' });
    expect(mutations(sent).filter((entry) => entry.operationName === 'UpdateProfile')).toEqual([]);
  });
});

const profileMock = {
  request: { query: ProfilePanelDocument },
  maxUsageCount: forever,
  result: { data: { viewer: demoViewer, config: { __typename: 'ShopConfig', uploadMaxBytes: 5 << 20 } } },
};
const realNameMock = (isReal: boolean) => ({
  request: { query: RealNameFormDocument },
  maxUsageCount: forever,
  result: {
    data: {
      realName: {
        __typename: 'RealName',
        realName: isReal ? '张三' : null,
        idNumberMasked: isReal ? '110105********002X' : null,
        isReal,
      },
    },
  },
});

describe('the personal centre reached from an accepted form', () => {
  it.each([
    ['zh-CN', '保存成功!'],
    ['en-GB', 'Save successfully!'],
  ] as const)('says the profile was saved (%s)', async (locale, text) => {
    await renderShopperScreen(<ProfilePanel />, '/user/center/info?done=profile', '/user/center/:menuKey', {
      locale,
      mocks: [profileMock, realNameMock(false)],
    });
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  });

  it.each([
    ['zh-CN', '密码已修改，其他设备已退出登录'],
    ['en-GB', 'Password changed; other devices have been signed out'],
  ] as const)('says the password was changed (%s)', async (locale, text) => {
    await renderShopperScreen(
      <PasswordPanel />,
      '/user/center/password?done=password',
      '/user/center/:menuKey',
      {
        locale,
        mocks: [],
      },
    );
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  });

  it.each([
    ['zh-CN', '操作成功！'],
    ['en-GB', 'Operation was successful!'],
  ] as const)('says the real name was verified, above the masked data (%s)', async (locale, text) => {
    await renderShopperScreen(<ProfilePanel />, '/user/center/info?done=realName', '/user/center/:menuKey', {
      locale,
      mocks: [profileMock, realNameMock(true)],
    });
    await screen.findByTestId('real-name-verified');
    expect(screen.getByText(text)).toHaveAttribute('role', 'status');
    // the profile form's own mark is another form's
    expect(screen.queryByText(locale === 'zh-CN' ? '保存成功!' : 'Save successfully!')).toBeNull();
  });

  it.each([
    ['zh-CN', '保存成功!'],
    ['en-GB', 'Save successfully!'],
  ] as const)('says the avatar was saved (%s)', async (locale, text) => {
    await renderShopperScreen(<ProfilePanel />, '/user/center/info?done=avatar', '/user/center/:menuKey', {
      locale,
      mocks: [profileMock, realNameMock(false)],
    });
    expect(await screen.findByText(text)).toHaveAttribute('role', 'status');
  });

  it('puts the avatar in a multipart form of its own, which a button without JavaScript sends', async () => {
    const { container } = await renderShopperScreen(
      <ProfilePanel />,
      '/user/center/info',
      '/user/center/:menuKey',
      {
        mocks: [profileMock, realNameMock(false)],
      },
    );
    const input = await screen.findByLabelText('上传头像');
    const form = container.querySelector('form#uc-avatar-form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('enctype', 'multipart/form-data');
    expect(input).toHaveAttribute('name', 'file');
    expect(input).toHaveAttribute('form', 'uc-avatar-form');
  });

  it('says nothing without the mark', async () => {
    await renderShopperScreen(<ProfilePanel />, '/user/center/info', '/user/center/:menuKey', {
      mocks: [profileMock, realNameMock(false)],
    });
    await screen.findByRole('form', { name: '实名认证' });
    expect(screen.queryByText('保存成功!')).toBeNull();
  });
});
