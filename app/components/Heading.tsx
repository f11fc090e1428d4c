import type { ComponentPropsWithoutRef } from 'react';

export type HeadingLevel = 1 | 2 | 3 | 4 | 5;

type HeadingProps = { level: HeadingLevel } & ComponentPropsWithoutRef<'h1'>;

/** The one heading component, for levels h1–h5. */
export function Heading({ level, className, ...props }: HeadingProps) {
  const Tag = `h${level}` as const;
  return <Tag className={['heading', `heading--${level}`, className].filter(Boolean).join(' ')} {...props} />;
}
