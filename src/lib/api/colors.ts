/** Typed calls for colors: the family of a color, and materials near a color. */
import type { ColorSearchRequest, ColorSearchResult, RgbFamily } from '../contracts/colors';
import { api, type CallOptions } from './client';

export const colorsApi = {
  /** The color family of `r,g,b`, `rgb(...)` or `#rrggbb`, labelled in the caller's language. */
  family: (rgb: string, options?: CallOptions) => api.post<RgbFamily>('/third-platform-center/color-card/rgb-to-family', { rgb }, options),
  search: (search: ColorSearchRequest, options?: CallOptions) => api.post<ColorSearchResult>('/idealab-material/open/v2/material/search/color', search, options),
};
