import { Image as UnpicImage } from '@unpic/react/base';
import type { CSSProperties } from 'react';
import { transform } from 'unpic/providers/ipx';
import type { ImageRef } from '~/models/site-image.server';
import { publicImageUrl } from '~/utils/image-url';

/** SPEC §8 screen widths (xs 320 … 2xl 1536); unpic adds the 2× density variants of the rendered width. */
export const IMAGE_BREAKPOINTS = [320, 640, 768, 1024, 1280, 1536];

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
 * The one image component: every picture goes through the image service (`/_ipx/w_…&f_webp/imgs/<key>`), with a
 * srcset over the SPEC's widths, WebP, explicit width/height (no layout shift) and the blurred placeholder behind it.
 */
export function Image({ image, alt, width, priority = false, className, style }: ImageProps) {
  const ratio = image.width && image.height ? image.height / image.width : 9 / 16;
  const src = publicImageUrl(image.key);
  const background = image.placeholder ? `url("${image.placeholder}")` : undefined;
  const renderedWidth = width ?? Math.min(image.width || 1536, 1536);
  return (
    <UnpicImage
      src={src}
      alt={alt}
      transformer={transform}
      operations={{ f: 'webp' }}
      breakpoints={IMAGE_BREAKPOINTS}
      priority={priority}
      unstyled
      className={className ? `image ${className}` : 'image'}
      // unpic types forbid `style` (its own styles are off with `unstyled`); the placeholder still needs it.
      {...({ style: { backgroundImage: background, ...style } } as object)}
      layout="constrained"
      width={renderedWidth}
      height={Math.round(renderedWidth * ratio)}
    />
  );
}
