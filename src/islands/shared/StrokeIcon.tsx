/** A decorative stroke icon (24-unit grid); the control holding it carries the accessible name. */
export interface IconProps {
  size?: number;
  className?: string | undefined;
}

export function StrokeIcon({ size, className, d, strokeWidth }: IconProps & { d: string; size: number; strokeWidth: number }) {
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}
