import type { ImageRef } from '../../lib/contracts/images';

interface Props {
  image: ImageRef;
  alt: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  /** `high` for the picture a page is about (its largest paint): fetched before scripts and styles' images. */
  fetchPriority?: 'high' | 'low' | 'auto';
  className?: string;
}

/** The island twin of components/Picture.astro: webp or jpg at 1x/2x, width and height always set (no shift). */
export function Picture({ image, alt, sizes = `${image.width}px`, loading = 'lazy', fetchPriority, className }: Props) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      <img src={image.src} srcSet={image.srcset} sizes={sizes} width={image.width} height={image.height} alt={alt} loading={loading} fetchPriority={fetchPriority} decoding={fetchPriority === 'high' ? undefined : 'async'} className={className} />
    </picture>
  );
}
