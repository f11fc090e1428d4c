import type { CSSProperties } from 'react';
import { IMAGE_WIDTHS, type ImageRef, imageVariantUrl, snapImageWidth } from '#app/lib/image-url.ts';

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
 * The product widths a picture rendered `renderedWidth` CSS pixels wide is offered at: every width of IMAGE_WIDTHS
 * up to the one covering density 2, and none beyond the one covering the original (the service never enlarges).
 */
export function imageSrcsetWidths(renderedWidth: number, originalWidth: number): number[] {
  let largest = snapImageWidth(renderedWidth * 2);
  if (originalWidth > 0) largest = Math.min(largest, snapImageWidth(originalWidth));
  return IMAGE_WIDTHS.filter((width) => width <= largest);
}

/**
 * The one image component: every picture goes through the image service (`/_img/f_webp,w_…/imgs/<key>`,
 * docs/product/images.md) with a srcset over the product's widths, WebP, explicit width/height (no layout shift),
 * lazy below the fold and the blurred placeholder as background.
 */
export function Image({ image, alt, width, priority = false, className, style }: ImageProps) {
  const ratio = image.width && image.height ? image.height / image.width : 9 / 16;
  const renderedWidth = width ?? Math.min(image.width || MAX_RENDERED_WIDTH, MAX_RENDERED_WIDTH);
  const renderedHeight = Math.round(renderedWidth * ratio);
  const widths = imageSrcsetWidths(renderedWidth, image.width);
  const srcWidth = widths.find((candidate) => candidate >= renderedWidth) ?? widths[widths.length - 1]!;
  return (
    <img
      src={imageVariantUrl(image.key, srcWidth)}
      srcSet={widths.map((candidate) => `${imageVariantUrl(image.key, candidate)} ${candidate}w`).join(', ')}
      sizes={`(min-width: ${renderedWidth}px) ${renderedWidth}px, 100vw`}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      width={renderedWidth}
      height={renderedHeight}
      alt={alt}
      className={className ? `image ${className}` : 'image'}
      style={image.placeholder ? { backgroundImage: `url("${image.placeholder}")`, ...style } : style}
    />
  );
}
