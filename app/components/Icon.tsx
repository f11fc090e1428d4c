/** Icons come from the app's own SVG sprite: no third-party icon service at run time (docs/product/shell.md). */
export type IconName =
  | 'phone'
  | 'map-pin'
  | 'clock'
  | 'calendar'
  | 'user'
  | 'check'
  | 'chevron-left'
  | 'chevron-right'
  | 'chevron-up'
  | 'chevron-down'
  | 'menu'
  | 'close'
  | 'arrow-right'
  | 'external'
  | 'dumbbell'
  | 'search'
  | 'logout'
  | 'edit'
  | 'trash'
  | 'eye'
  | 'eye-off'
  | 'download'
  | 'plus';

export function Icon({
  name,
  size = 20,
  className,
  label,
}: {
  name: IconName;
  size?: number;
  className?: string;
  label?: string;
}) {
  return (
    <svg
      className={['icon', className].filter(Boolean).join(' ')}
      width={size}
      height={size}
      aria-hidden={label ? undefined : true}
      role={label ? 'img' : undefined}
      aria-label={label}
      focusable="false"
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
