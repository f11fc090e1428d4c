import { transformBaseImageProps } from '@unpic/core/base';
import type { CSSProperties } from 'react';
import {
  focalPosition,
  IMAGE_WIDTHS,
  type ImageRef,
  imageAlt,
  imageVariantUrl,
  snapImageWidth,
} from '#app/lib/image-url.ts';

const MAX_RENDERED_WIDTH = 1536;

interface ImageProps {
  image: ImageRef;
  /** Defaults to the picture's own description (empty for a decorative one, docs/product/images.md). */
  alt?: string;
  /** Largest rendered width in CSS pixels; defaults to the picture's own width (at most 1536). */
  width?: number;
  /** Above the fold: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * The product widths a picture rendered `renderedWidth` CSS pixels wide is offered at: every width of IMAGE_WIDTHS
 * up to the one covering density 2, and none beyond the one covering the original (the service never enlarges).
 */
export function imageSrcsetWidths(renderedWidth: number, originalWidth: number): number[] {
  let largest = snapImageWidth(renderedWidth * 2);
  if (originalWidth > 0) largest = Math.min(largest, snapImageWidth(originalWidth));
  return IMAGE_WIDTHS.filter((width) => width <= largest);
}

interface ImageAttributes {
  src?: string;
  srcset?: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  fetchpriority?: 'high' | 'low';
  decoding?: 'async' | 'sync' | 'auto';
}

/**
 * unpic's attributes for a picture at a size, computed once: the same pictures at the same widths are rendered on
 * every page view, and the computation was a fifth of a page's render. Bounded; the oldest half goes when full.
 */
const attributesMemo = new Map<string, ImageAttributes>();
const ATTRIBUTES_MEMO_MAX = 2000;

function imageAttributes(image: ImageRef, width: number, height: number, priority: boolean): ImageAttributes {
  const memoKey = `${image.key}|${image.width}|${width}|${height}|${priority ? 1 : 0}`;
  let attributes = attributesMemo.get(memoKey);
  if (!attributes) {
    attributes = transformBaseImageProps({
      src: image.key,
      // Our own image service (docs/product/images.md): only product widths exist, so every width is snapped.
      transformer: (key, operations) => imageVariantUrl(String(key), snapImageWidth(Number(operations.width))),
      breakpoints: imageSrcsetWidths(width, image.width),
      layout: 'constrained',
      width,
      height,
      priority,
      unstyled: true,
    }) as ImageAttributes;
    if (attributesMemo.size >= ATTRIBUTES_MEMO_MAX) {
      for (const old of [...attributesMemo.keys()].slice(0, ATTRIBUTES_MEMO_MAX / 2)) attributesMemo.delete(old);
    }
    attributesMemo.set(memoKey, attributes);
  }
  return attributes;
}

/**
 * The one image component: every picture goes through the image service (`/_img/f_webp,w_…/imgs/<key>`,
 * docs/product/images.md) with unpic's srcset over the product's widths, WebP, explicit width/height (no layout
 * shift), lazy below the fold and the blurred placeholder as background.
 */
export function Image({ image, alt, width, priority = false, className, style }: ImageProps) {
  const ratio = image.width && image.height ? image.height / image.width : 9 / 16;
  const renderedWidth = width ?? Math.min(image.width || MAX_RENDERED_WIDTH, MAX_RENDERED_WIDTH);
  const renderedHeight = Math.round(renderedWidth * ratio);
  const attributes = imageAttributes(image, renderedWidth, renderedHeight, priority);
  return (
    <img
      src={attributes.src}
      srcSet={attributes.srcset}
      sizes={attributes.sizes}
      loading={attributes.loading}
      fetchPriority={attributes.fetchpriority}
      decoding={attributes.decoding}
      width={renderedWidth}
      height={renderedHeight}
      alt={alt ?? imageAlt(image)}
      className={className ? `image ${className}` : 'image'}
      // The focal point stays inside whatever crop the page's box makes (docs/product/images.md).
      style={{
        objectPosition: focalPosition(image),
        ...(image.placeholder ? { backgroundImage: `url("${image.placeholder}")` } : {}),
        ...style,
      }}
    />
  );
}
