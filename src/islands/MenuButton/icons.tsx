/** Icons for the header menus. */
import { StrokeIcon, type IconProps } from '../shared/StrokeIcon';

const Svg = ({ size = 16, ...p }: IconProps & { d: string }) => <StrokeIcon size={size} strokeWidth={1.9} {...p} />;

export const ChevronDown = (p: IconProps) => <Svg {...p} d="M6 9l6 6 6-6" />;
export const Check = (p: IconProps) => <Svg {...p} d="M5 12.5l4.5 4.5L19 7.5" />;
export const Globe = (p: IconProps) => (
  <Svg {...p} d="M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18ZM3.5 9h17M3.5 15h17M12 3c2.3 2.4 3.5 5.4 3.5 9s-1.2 6.6-3.5 9c-2.3-2.4-3.5-5.4-3.5-9S9.7 5.4 12 3Z" />
);
export const LogOut = (p: IconProps) => <Svg {...p} d="M15 4h4a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1h-4M10 16l4-4-4-4M14 12H4" />;
export const MenuIcon = (p: IconProps) => <Svg {...p} d="M4 7h16M4 12h16M4 17h16" />;
export const CloseIcon = (p: IconProps) => <Svg {...p} d="M6 6l12 12M18 6 6 18" />;
export const LockIcon = (p: IconProps) => <Svg {...p} d="M7 11V8a5 5 0 0 1 10 0v3M6 11h12v9H6z" />;
