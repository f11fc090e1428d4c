import { transformBaseImageProps } from '@unpic/core/base';
import type { CSSProperties } from 'react';
import { transform } from 'unpic/providers/ipx';
import { type ImageRef, publicImageUrl } from '#app/lib/image-url.ts';

/** The screen widths (xs 320 … 2xl 1536, docs/product/images.md); unpic adds the 2× density of the rendered width. */
export const IMAGE_BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536];
const MAX_RENDERED_WIDTH = 1536;

interface ImageProps {
  image: ImageRef;
  alt: string;
  /** Largest rendered width in CSS pixels; defaults to the picture's own width (at most 1536). */
  width?: number;
  /** Above the fold: loaded eagerly with high priority. Everything else is lazy. */
  priority?: boolean;
  className?: string;
  style?: CSSProperties;
}

/**
 * The one image component: every picture goes through the image service (`/_ipx/f_webp,s_…/imgs/<key>`) with a
 * srcset over the product's widths, WebP, explicit width/height (no layout shift), lazy below the fold and the blurred
 * placeholder as background. unpic computes the srcset and sizes; we render the <img> ourselves because unpic's
 * components drop width/height in responsive layouts and rely on inline styles we do not want.
 */
export function Image({ image, alt, width, priority = false, className, style }: ImageProps) {
  const ratio = image.width && image.height ? image.height / image.width : 9 / 16;
  const renderedWidth = width ?? Math.min(image.width || MAX_RENDERED_WIDTH, MAX_RENDERED_WIDTH);
  const renderedHeight = Math.round(renderedWidth * ratio);
  const props = transformBaseImageProps({
    src: publicImageUrl(image.key),
    transformer: transform,
    operations: { f: 'webp' },
    breakpoints: IMAGE_BREAKPOINTS,
    layout: 'constrained',
    width: renderedWidth,
    height: renderedHeight,
    priority,
    unstyled: true,
  }) as {
    src?: string;
    srcset?: string;
    sizes?: string;
    loading?: 'lazy' | 'eager';
    fetchpriority?: 'high' | 'low';
    decoding?: 'async' | 'sync' | 'auto';
  };
  return (
    <img
      src={props.src}
      srcSet={props.srcset}
      sizes={props.sizes}
      loading={props.loading ?? (priority ? 'eager' : 'lazy')}
      fetchPriority={props.fetchpriority}
      decoding={props.decoding ?? 'async'}
      width={renderedWidth}
      height={renderedHeight}
      alt={alt}
      className={className ? `image ${className}` : 'image'}
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")`, ...style } : style}
    />
  );
}
