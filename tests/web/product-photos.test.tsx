import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AddProductPhotoDocument,
  AdminProductPhotosDocument,
  RemoveProductPhotoDocument,
  ReorderProductPhotosDocument,
} from '../../web/src/__generated__/graphql.ts';
import { ProductPhotos } from '../../web/src/pages/admin/products/photos/ProductPhotos.tsx';
import { renderWithProviders } from './render.tsx';

const signedIn = { isAuthenticated: true, viewer: { id: '1', account: 'admin', isAdmin: true } };
const name = (n: string) => `${n.repeat(32)}.webp`;

function photo(id: string, position: number) {
  return {
    __typename: 'ProductPhoto' as const,
    id,
    isMain: position === 0,
    position,
    width: 1600,
    height: 1200,
    image: {
      __typename: 'Image' as const,
      src: `/service/file/down?fullfilename=${name(id)}`,
      width: null,
      height: null,
      altText: null,
    },
  };
}

function product(version: number, ids: string[]) {
  return {
    __typename: 'AdminProduct' as const,
    id: '7',
    version,
    nameZh: '保温杯',
    photos: ids.map((id, index) => photo(id, index)),
  };
}

const photosMock = (version: number, ids: string[]) => ({
  request: { query: AdminProductPhotosDocument, variables: { id: '7' } },
  result: {
    data: {
      adminProduct: product(version, ids),
      config: { __typename: 'ShopConfig', uploadMaxBytes: 1024 * 1024 },
    },
  },
});

/** The browser's XMLHttpRequest, driven by the test: its progress and its answer. */
class FakeUpload {
  static last: FakeUpload | null = null;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  response: unknown = null;
  withCredentials = false;
  timeout = 0;
  responseType = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeUpload.last = this;
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(envelope: unknown) {
    this.response = envelope;
    this.onload?.();
  }
}

beforeEach(() => {
  FakeUpload.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const picture = (file = 'front.webp', type = 'image/webp') =>
  new File([new Uint8Array(2048)], file, { type });

describe('product photo uploader', () => {
  it('lists the photos, main first, with keyboard buttons that reorder against the shown version', async () => {
    const user = userEvent.setup();
    const reorder = vi.fn(() => ({
      data: { reorderProductPhotos: { product: product(5, ['b', 'a']), userErrors: [] } },
    }));
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      mocks: [
        photosMock(4, ['a', 'b']),
        {
          request: {
            query: ReorderProductPhotosDocument,
            variables: { input: { productId: '7', version: 4, photoIds: ['b', 'a'] } },
          },
          result: reorder,
        },
      ],
    });
    const list = await screen.findByRole('list', { name: '商品图片' });
    const cards = within(list).getAllByRole('listitem');
    expect(within(cards[0]).getByText('主图')).toBeInTheDocument();
    expect(within(cards[0]).getByRole('img', { name: '保温杯 第 1 张图片' })).toBeInTheDocument();
    const sources = cards[0].querySelectorAll('source');
    expect(sources[0]?.getAttribute('type')).toBe('image/avif');
    expect(within(cards[0]).getByRole('button', { name: '上移第 1 张图片' })).toBeDisabled();
    await user.click(within(cards[0]).getByRole('button', { name: '下移第 1 张图片' }));
    await waitFor(() => expect(reorder).toHaveBeenCalled());
    await waitFor(() =>
      expect(within(screen.getAllByRole('listitem')[0]).getByRole('img').getAttribute('src')).toContain(
        name('b'),
      ),
    );
  });

  it('uploads a chosen picture with its progress, then adds it to the product', async () => {
    const user = userEvent.setup();
    const add = vi.fn(() => ({
      data: { addProductPhoto: { product: product(5, ['a', 'c']), userErrors: [] } },
    }));
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      mocks: [
        photosMock(4, ['a']),
        {
          request: {
            query: AddProductPhotoDocument,
            variables: { input: { productId: '7', version: 4, fullfilename: name('c') } },
          },
          result: add,
        },
      ],
    });
    const choose = await screen.findByRole('button', { name: '选择图片' });
    await waitFor(() => expect(choose).toBeEnabled());
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, picture());
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    const upload = FakeUpload.last!;
    expect(upload.url).toBe('/service/file/uploads');
    expect((upload.body!.get('file') as File).name).toBe('front.webp');
    act(() => upload.progress(512, 2048));
    expect(await screen.findByRole('progressbar', { name: 'front.webp：上传中 25%' })).toHaveAttribute(
      'value',
      '25',
    );
    act(() => upload.answer({ success: true, data: { fullfilename: name('c') } }));
    await waitFor(() => expect(add).toHaveBeenCalled());
    await waitFor(() => {
      expect(screen.getAllByRole('img')).toHaveLength(2);
      expect(screen.queryByRole('progressbar')).toBeNull();
    });
  });

  it('shows each refusal beside its file in the admin’s language: a wrong type, the service’s reason', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      locale: 'en-GB',
      mocks: [photosMock(4, [])],
    });
    expect(await screen.findByText('No photos yet: the product shows its drawing')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'choose pictures' })).toBeEnabled());
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, [picture('notes.txt', 'text/plain'), picture('bomb.png', 'image/png')]);
    expect(
      await screen.findByText('notes.txt: Only jpeg, png, gif and webp pictures can be added'),
    ).toBeInTheDocument();
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect(FakeUpload.last!.headers['Accept-Language']).toBe('en-GB');
    act(() =>
      FakeUpload.last!.answer({
        success: false,
        alterMsg: 'The picture is too large (30000×30000): at most 4096 pixels on each side',
      }),
    );
    expect(
      await screen.findByText(
        'bomb.png: The picture is too large (30000×30000): at most 4096 pixels on each side',
      ),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss the note about notes.txt' }));
    expect(screen.queryByText(/notes\.txt/)).toBeNull();
  });

  it('clears a refusal once a picture chosen after it is saved, and keeps one of the same choice', async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      mocks: [
        photosMock(4, []),
        {
          request: {
            query: AddProductPhotoDocument,
            variables: { input: { productId: '7', version: 4, fullfilename: name('c') } },
          },
          result: { data: { addProductPhoto: { product: product(5, ['c']), userErrors: [] } } },
        },
        {
          request: {
            query: AddProductPhotoDocument,
            variables: { input: { productId: '7', version: 5, fullfilename: name('d') } },
          },
          result: { data: { addProductPhoto: { product: product(6, ['c', 'd']), userErrors: [] } } },
        },
      ],
    });
    await waitFor(() => expect(screen.getByRole('button', { name: '选择图片' })).toBeEnabled());
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await user.upload(input, picture('notes.txt', 'text/plain'));
    const refusal = /notes\.txt：/;
    expect(await screen.findByText(refusal)).toBeInTheDocument();

    // the next choice: a refused file beside a saved one keeps its note, the earlier note goes
    FakeUpload.last = null;
    await user.upload(input, [picture('front.webp'), picture('memo.txt', 'text/plain')]);
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    act(() => FakeUpload.last!.answer({ success: true, data: { fullfilename: name('c') } }));
    // the picture shows when the answer reaches the cache, the note goes in the render after
    await waitFor(() => {
      expect(screen.getAllByRole('img')).toHaveLength(1);
      expect(screen.queryByText(refusal)).toBeNull();
    });
    expect(screen.getByText(/memo\.txt：/)).toBeInTheDocument();

    FakeUpload.last = null;
    await user.upload(input, picture('back.webp'));
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    act(() => FakeUpload.last!.answer({ success: true, data: { fullfilename: name('d') } }));
    await waitFor(() => {
      expect(screen.getAllByRole('img')).toHaveLength(2);
      expect(screen.queryByText(/memo\.txt：/)).toBeNull();
    });
  });

  it('removes a photo only after the confirmation', async () => {
    const user = userEvent.setup();
    const remove = vi.fn(() => ({
      data: { removeProductPhoto: { product: product(5, ['b']), userErrors: [] } },
    }));
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      mocks: [
        photosMock(4, ['a', 'b']),
        {
          request: {
            query: RemoveProductPhotoDocument,
            variables: { input: { productId: '7', version: 4, photoId: 'a' } },
          },
          result: remove,
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: '删除第 1 张图片' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: '保留' }));
    expect(remove).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '删除第 1 张图片' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(screen.getAllByRole('img')).toHaveLength(1));
    expect(remove).toHaveBeenCalledTimes(1);
  });

  it('takes pictures dropped on the zone, and reorders a photo dragged onto another’s place', async () => {
    const reorder = vi.fn(() => ({
      data: { reorderProductPhotos: { product: product(5, ['b', 'a']), userErrors: [] } },
    }));
    renderWithProviders(<ProductPhotos productId="7" />, {
      session: signedIn,
      mocks: [
        photosMock(4, ['a', 'b']),
        {
          request: {
            query: ReorderProductPhotosDocument,
            variables: { input: { productId: '7', version: 4, photoIds: ['b', 'a'] } },
          },
          result: reorder,
        },
      ],
    });
    const choose = await screen.findByRole('button', { name: '选择图片' });
    await waitFor(() => expect(choose).toBeEnabled());
    const zone = choose.parentElement!;
    fireEvent.drop(zone, {
      dataTransfer: { files: [picture('dropped.png', 'image/png')], types: ['Files'] },
    });
    await waitFor(() => expect(FakeUpload.last).not.toBeNull());
    expect((FakeUpload.last!.body!.get('file') as File).name).toBe('dropped.png');

    const cards = within(screen.getByRole('list', { name: '商品图片' })).getAllByRole('listitem');
    const dataTransfer = { setData: vi.fn(), effectAllowed: '' };
    fireEvent.dragStart(cards[1], { dataTransfer });
    fireEvent.dragOver(cards[0], { dataTransfer });
    fireEvent.drop(cards[0], { dataTransfer });
    await waitFor(() => expect(reorder).toHaveBeenCalled());
  });
});
