/** Icons for the toolbar. */
import { StrokeIcon, type IconProps } from '../shared/StrokeIcon';

const Svg = ({ size = 22, ...p }: IconProps & { d: string }) => <StrokeIcon size={size} strokeWidth={1.7} {...p} />;

export const BagIcon = (p: IconProps) => <Svg {...p} d="M5 8h14l-1 12H6L5 8ZM9 8V6.5a3 3 0 0 1 6 0V8" />;
export const StarIcon = (p: IconProps) => (
  <Svg {...p} d="m12 3.8 2.5 5.1 5.6.8-4 4 .9 5.6-5-2.7-5 2.7.9-5.6-4-4 5.6-.8L12 3.8Z" />
);
export const RecordIcon = (p: IconProps) => (
  <Svg {...p} d="M8 4h8v3H8zM8 5.5H6a1 1 0 0 0-1 1V20a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V6.5a1 1 0 0 0-1-1h-2M8.5 12h7M8.5 16h5" />
);
export const BookIcon = (p: IconProps) => (
  <Svg {...p} d="M5 5.5A1.5 1.5 0 0 1 6.5 4H19v14H6.5A1.5 1.5 0 0 0 5 19.5v-14ZM5 19.5A1.5 1.5 0 0 0 6.5 21H19M9 4v9l2-1.5 2 1.5V4" />
);
export const PhoneIcon = (p: IconProps) => <Svg {...p} d="M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1ZM10.5 18h3" />;
export const CollapseIcon = (p: IconProps) => <Svg {...p} d="m7 6 6 6-6 6M13 6l6 6-6 6" />;
export const ExpandIcon = (p: IconProps) => <Svg {...p} d="m17 6-6 6 6 6M11 6l-6 6 6 6" />;
export const ArrowUpIcon = (p: IconProps) => <Svg {...p} d="M12 19V5M6 11l6-6 6 6" />;
