import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BillPanelDocument,
  ProfilePanelDocument,
  RealNameFormDocument,
  UpdateProfileDocument,
  VerifyRealNameDocument,
} from '../../web/src/__generated__/graphql.ts';
import { checkAvatarFile } from '../../web/src/pages/user-center/avatar.ts';
import { BillPanel } from '../../web/src/pages/user-center/BillPanel.tsx';
import { ProfilePanel } from '../../web/src/pages/user-center/ProfilePanel.tsx';
import { elapse, startTestClock, userWithClock } from './clock.ts';
import { clickInAct, renderRouteScreen, routeSkeleton } from './route-screen.tsx';
import { demoViewer, money } from './shop-fixtures.ts';
import { signedIn } from './shop-render.tsx';

const forever = Number.POSITIVE_INFINITY;
const MAX = 5 * 1024 * 1024;

const viewer = demoViewer;

const profileMock = {
  request: { query: ProfilePanelDocument },
  maxUsageCount: forever,
  result: { data: { viewer, config: { __typename: 'ShopConfig', uploadMaxBytes: MAX } } },
};

const realName = (isReal: boolean) => ({
  __typename: 'RealName',
  realName: isReal ? '张三' : null,
  idNumberMasked: isReal ? '110105********002X' : null,
  isReal,
});

const realNameMock = (isReal = false) => ({
  request: { query: RealNameFormDocument },
  maxUsageCount: forever,
  result: { data: { realName: realName(isReal) } },
});

const file = (name: string, type: string, size = 10) => {
  const blob = new File([new Uint8Array(size)], name, { type });
  return blob;
};

describe('avatar file checks (before anything is uploaded)', () => {
  it('accepts jpeg/jpg/png/gif up to the limit and refuses other types and larger files', () => {
    for (const [name, type] of [
      ['a.jpg', 'image/jpeg'],
      ['a.jpeg', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.GIF', 'image/gif'],
    ])
      expect(checkAvatarFile({ name, type, size: MAX }, MAX)).toBeNull();
    expect(checkAvatarFile({ name: 'a.webp', type: 'image/webp', size: 10 }, MAX)).toEqual({
      id: 'uc.imageOnly',
    });
    expect(checkAvatarFile({ name: 'a.png.exe', type: 'image/png', size: 10 }, MAX)).toEqual({
      id: 'uc.imageOnly',
    });
    expect(checkAvatarFile({ name: 'a.png', type: 'image/png', size: MAX + 1 }, MAX)).toEqual({
      id: 'uc.imageTooLarge',
      values: { max: '5 MB' },
    });
  });
});

describe('My information: avatar upload', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('says why a wrong type or a too large file is refused, and uploads nothing', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderRouteScreen(<ProfilePanel />, { session: signedIn, mocks: [profileMock, realNameMock()] });
    const input = await screen.findByLabelText('上传头像');
    await user.upload(input, file('a.txt', 'text/plain'));
    expect(await screen.findByText('请上传 jpeg/jpg/png/gif 格式的图片')).toBeInTheDocument();
    await user.upload(input, file('big.png', 'image/png', MAX + 1));
    expect(await screen.findByText('图片不能超过 5 MB')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('previews, uploads as multipart with the session cookie, then saves the avatar', async () => {
    const user = userEvent.setup();
    let finishUpload: (value: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (finishUpload = resolve)));
    const url = '/service/file/down?fullfilename=abc.png';
    const saved = vi.fn(() => ({
      data: {
        updateProfile: {
          __typename: 'UpdateProfilePayload',
          viewer: { ...viewer, avatar: url },
          userErrors: [],
        },
      },
    }));
    await renderRouteScreen(<ProfilePanel />, {
      locale: 'en-GB',
      session: signedIn,
      mocks: [
        profileMock,
        realNameMock(),
        { request: { query: UpdateProfileDocument, variables: { input: { avatar: url } } }, result: saved },
      ],
    });
    await user.upload(await screen.findByLabelText('Upload avatar'), file('me.png', 'image/png'));
    expect(await screen.findByRole('img', { name: 'Avatar preview' })).toHaveAttribute('src', 'blob:preview');
    const [target, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(target).toBe('/service/file/uploads');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect((init.body as FormData).get('file')).toBeInstanceOf(File);
    finishUpload(
      new Response(JSON.stringify({ success: true, data: { fullfilename: 'abc.png', url } }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(await screen.findByRole('img', { name: 'Avatar' })).toHaveAttribute('src', url);
  });

  it('shows the service’s refusal and keeps the old avatar', async () => {
    const user = userEvent.setup();
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ success: false, alterMsg: '文件过大' }), {
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await renderRouteScreen(<ProfilePanel />, { session: signedIn, mocks: [profileMock, realNameMock()] });
    await user.upload(await screen.findByLabelText('上传头像'), file('me.png', 'image/png'));
    expect(await screen.findByText('文件过大')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: '头像预览' })).toBeNull();
  });
});

describe('My information: real name', () => {
  it('checks name and citizen ID on blur and submit, then shows only the masked data', async () => {
    const user = userEvent.setup();
    const verify = vi.fn(() => ({
      data: {
        verifyRealName: {
          __typename: 'VerifyRealNamePayload',
          realName: realName(true),
          viewer: { __typename: 'Viewer', id: '2', isReal: true },
          userErrors: [],
        },
      },
    }));
    await renderRouteScreen(<ProfilePanel />, {
      session: signedIn,
      mocks: [
        profileMock,
        realNameMock(false),
        {
          request: {
            query: VerifyRealNameDocument,
            variables: { input: { realName: '张三', idNumber: '11010519491231002X' } },
          },
          result: verify,
        },
      ],
    });
    const form = await screen.findByRole('form', { name: '实名认证' });
    await user.click(within(form).getByRole('button', { name: '提交实名认证' }));
    expect(await within(form).findByText(/真实姓名\s*不能为空/)).toBeInTheDocument();
    expect(within(form).getByText(/身份证号码\s*不能为空/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/真实姓名/), '张3');
    await user.type(within(form).getByLabelText(/身份证号码/), '110105194912310021');
    await user.tab();
    expect(await within(form).findByText('真实姓名为2-20位汉字或字母')).toBeInTheDocument();
    expect(within(form).getByText('请输入正确的身份证号码')).toBeInTheDocument();
    expect(verify).not.toHaveBeenCalled();
    await user.clear(within(form).getByLabelText(/真实姓名/));
    await user.type(within(form).getByLabelText(/真实姓名/), '张三');
    await user.clear(within(form).getByLabelText(/身份证号码/));
    await user.type(within(form).getByLabelText(/身份证号码/), '11010519491231002x');
    await user.click(within(form).getByRole('button', { name: '提交实名认证' }));
    await waitFor(() => expect(verify).toHaveBeenCalledTimes(1));
    const verified = await screen.findByTestId('real-name-verified');
    expect(verified).toHaveTextContent('已实名');
    expect(verified).toHaveTextContent('110105********002X');
    expect(verified).not.toHaveTextContent('11010519491231002X');
  });
});

describe('My bill', () => {
  const entry = (id: string, direction: 'EXPENSE' | 'INCOME', type: string, fen: number) => ({
    __typename: 'BillEntry',
    id,
    direction,
    amount: money(fen),
    type,
    orderId: '12',
    orderNo: 'SO12',
    at: '2024-01-01T00:00:00.000Z',
  });
  const dictionaries = {
    incomeTypes: [{ __typename: 'DictionaryItem', value: 'refund', label: '退款收入' }],
    expenseTypes: [{ __typename: 'DictionaryItem', value: 'order-payment', label: '订单支付' }],
  };
  const billMock = (direction: string | null, pageNum: number, records: unknown[], total: number) => ({
    request: { query: BillPanelDocument, variables: { direction, page: { pageNum, pageSize: 15 } } },
    maxUsageCount: forever,
    result: {
      data: { bills: { __typename: 'BillPage', records, total, pageNum, pageSize: 15 }, ...dictionaries },
    },
  });

  it('labels entries 支出 / 收入 with the dictionary types, signs the amounts, filters and pages', async () => {
    startTestClock();
    const user = userWithClock();
    await renderRouteScreen(<BillPanel />, {
      session: signedIn,
      mocks: [
        billMock(
          null,
          1,
          [entry('2', 'INCOME', 'refund', 123450), entry('1', 'EXPENSE', 'order-payment', 123450)],
          17,
        ),
        { ...billMock(null, 2, [entry('3', 'EXPENSE', 'order-payment', 100)], 17), delay: 300 },
        billMock('INCOME', 1, [entry('2', 'INCOME', 'refund', 123450)], 1),
      ],
    });
    const rows = await screen.findAllByTestId('bill-entry');
    expect(rows[0]).toHaveTextContent('收入 · 退款收入');
    expect(rows[0]).toHaveTextContent('+¥1,234.50');
    expect(rows[0]).toHaveTextContent('2024-01-01 08:00:00');
    expect(within(rows[0]).getByRole('link')).toHaveAttribute('href', '/user/center/orders/12');
    expect(rows[1]).toHaveTextContent('支出 · 订单支付');
    expect(rows[1]).toHaveTextContent('-¥1,234.50');
    await clickInAct(user, screen.getByRole('button', { name: '下一页' }));
    // the first page stays on screen (no skeleton) while the next one loads
    expect(screen.getAllByTestId('bill-entry')).toHaveLength(2);
    expect(routeSkeleton()).toBeNull();
    await elapse(300);
    await waitFor(() => expect(screen.getAllByTestId('bill-entry')).toHaveLength(1));
    expect(screen.getByTestId('bill-entry')).toHaveTextContent('-¥1.00');
    await clickInAct(user, screen.getByRole('button', { name: '收入' }));
    await waitFor(() => expect(screen.getByTestId('bill-entry')).toHaveTextContent('+¥1,234.50'));
    expect(screen.getByRole('button', { name: '收入' })).toHaveAttribute('aria-pressed', 'true');
  });
});
