export { parseColor, type Rgb } from '../../contracts/colors';
