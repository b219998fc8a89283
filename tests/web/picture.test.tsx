/**
 * The web's picture: a raster picture the shop makes variants of (an uploaded photo) is a
 * <picture> whose AVIF and WebP sources and JPEG fallback each offer every made width, picked by
 * the layout's `sizes`; a drawing is its own SVG, sharp at every size; a picture hosted elsewhere
 * stays a plain <img>.
 */

import { PICTURE_WIDTHS } from '@shop/common/pictures.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture, pictureSources } from '../../web/src/components/Picture.tsx';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('Picture', () => {
  const uploadPath = `/service/file/down?fullfilename=${'a'.repeat(32)}.jpg`;
  const upload = { src: uploadPath, width: 1600, height: 1200, altText: 'Tea' };

  it('offers an upload in AVIF, WebP and a JPEG fallback in every made width, with the sizes given', () => {
    const doc = parse(
      renderToStaticMarkup(<Picture image={upload} sizes="(max-width: 768px) 50vw, 240px" />),
    );
    const sources = [...doc.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const [index, format] of ['avif', 'webp'].entries()) {
      expect(sources[index].getAttribute('srcset')).toBe(
        PICTURE_WIDTHS.map((w) => `${uploadPath}&w=${w}&fm=${format} ${w}w`).join(', '),
      );
      expect(sources[index].getAttribute('sizes')).toBe('(max-width: 768px) 50vw, 240px');
    }
    const img = doc.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe(`${uploadPath}&w=400&fm=jpg`);
    expect(img?.getAttribute('srcset')).toContain('&w=1200&fm=jpg 1200w');
    expect(img?.getAttribute('alt')).toBe('Tea');
    expect(img?.getAttribute('width')).toBe('1600');
  });

  it.each(['png', 'gif', 'webp', 'jpeg'])('offers variants of an uploaded .%s photo as well', (extension) => {
    const src = `/service/file/down?fullfilename=${'b'.repeat(32)}.${extension}`;
    expect(pictureSources(src)?.sources[0]).toEqual({
      type: 'image/avif',
      srcSet: PICTURE_WIDTHS.map((w) => `${src}&w=${w}&fm=avif ${w}w`).join(', '),
    });
  });

  it('sizes an upload by its width when the layout names none', () => {
    const doc = parse(renderToStaticMarkup(<Picture image={upload} width={40} height={40} alt="" />));
    expect(doc.querySelector('source')?.getAttribute('sizes')).toBe('40px');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it.each([
    '/service/static/products/7.svg?lang=en-GB',
    '/service/static/categories/tea.svg?lang=zh-CN',
    '/service/shop/card/image/banner-new-season.svg?lang=zh-CN',
    'http://127.0.0.1:4000/service/static/products/7-2.svg',
  ])('shows the drawing %s as its own SVG, with its size and text', (src) => {
    expect(pictureSources(src)).toBeNull();
    const doc = parse(
      renderToStaticMarkup(<Picture image={{ src, width: 400, height: 400, altText: 'Tea' }} sizes="50vw" />),
    );
    expect(doc.querySelector('picture')).toBeNull();
    const img = doc.querySelector('img');
    expect(img?.getAttribute('src')).toBe(src);
    expect(img?.hasAttribute('srcset')).toBe(false);
    expect(img?.getAttribute('alt')).toBe('Tea');
    expect(img?.getAttribute('width')).toBe('400');
  });

  it('keeps a foreign picture as a plain <img>', () => {
    const foreign = { src: 'https://cdn.example/x.png', width: 10, height: 10, altText: 'x' };
    const plain = parse(renderToStaticMarkup(<Picture image={foreign} sizes="64px" />));
    expect(plain.querySelector('picture')).toBeNull();
    expect(plain.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/x.png');
  });
});
