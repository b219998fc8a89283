/**
 * The web's picture: a picture the shop makes variants of is a <picture> whose AVIF and WebP
 * sources and JPEG fallback each offer every made width, picked by the layout's `sizes`; a
 * picture hosted elsewhere stays a plain <img>.
 */

import { PICTURE_WIDTHS } from '@shop/common/pictures.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Picture } from '../../web/src/components/Picture.tsx';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');

describe('Picture', () => {
  const drawn = { src: '/service/static/products/7.svg?lang=en-GB', width: 400, height: 400, altText: 'Tea' };

  it('offers AVIF, WebP and a JPEG fallback in every made width, with the sizes given', () => {
    const doc = parse(renderToStaticMarkup(<Picture image={drawn} sizes="(max-width: 768px) 50vw, 240px" />));
    const sources = [...doc.querySelectorAll('picture > source')];
    expect(sources.map((source) => source.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    for (const [index, format] of ['avif', 'webp'].entries()) {
      expect(sources[index].getAttribute('srcset')).toBe(
        PICTURE_WIDTHS.map((w) => `/service/static/products/7.svg?lang=en-GB&w=${w}&fm=${format} ${w}w`).join(
          ', ',
        ),
      );
      expect(sources[index].getAttribute('sizes')).toBe('(max-width: 768px) 50vw, 240px');
    }
    const img = doc.querySelector('picture > img');
    expect(img?.getAttribute('src')).toBe('/service/static/products/7.svg?lang=en-GB&w=400&fm=jpg');
    expect(img?.getAttribute('srcset')).toContain('&w=1200&fm=jpg 1200w');
    expect(img?.getAttribute('alt')).toBe('Tea');
    expect(img?.getAttribute('width')).toBe('400');
  });

  it('sizes a picture by its width when the layout names none', () => {
    const doc = parse(renderToStaticMarkup(<Picture image={drawn} width={40} height={40} alt="" />));
    expect(doc.querySelector('source')?.getAttribute('sizes')).toBe('40px');
    expect(doc.querySelector('img')?.getAttribute('alt')).toBe('');
  });

  it('keeps an uploaded photo in variants too, and a foreign picture as a plain <img>', () => {
    const upload = {
      src: `/service/file/down?fullfilename=${'a'.repeat(32)}.jpg`,
      width: null,
      height: null,
      altText: null,
    };
    const uploaded = parse(renderToStaticMarkup(<Picture image={upload} sizes="64px" />));
    expect(uploaded.querySelector('source')?.getAttribute('srcset')).toContain(
      `${'a'.repeat(32)}.jpg&w=200&fm=avif 200w`,
    );
    const foreign = { src: 'https://cdn.example/x.png', width: 10, height: 10, altText: 'x' };
    const plain = parse(renderToStaticMarkup(<Picture image={foreign} sizes="64px" />));
    expect(plain.querySelector('picture')).toBeNull();
    expect(plain.querySelector('img')?.getAttribute('src')).toBe('https://cdn.example/x.png');
  });
});
