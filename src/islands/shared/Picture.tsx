import type { ImageRef } from '../../lib/contracts/images';

interface Props {
  image: ImageRef;
  alt: string;
  sizes?: string;
  loading?: 'lazy' | 'eager';
  className?: string;
}

/** The island twin of components/Picture.astro: webp or jpg at 1x/2x, width and height always set (no shift). */
export function Picture({ image, alt, sizes = `${image.width}px`, loading = 'lazy', className }: Props) {
  return (
    <picture>
      <source type="image/webp" srcSet={image.webpSrcset} sizes={sizes} />
      <img src={image.src} srcSet={image.srcset} sizes={sizes} width={image.width} height={image.height} alt={alt} loading={loading} decoding="async" className={className} />
    </picture>
  );
}
