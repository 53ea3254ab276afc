import { imageSrcSet } from '@trailbuddy/shared/contracts/images';
import type { ImgHTMLAttributes } from 'react';
import { MountainIcon } from './ui/first-render-icons';

export interface TrailPictureProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'srcSet'> {
  /** The trail's picture; absent (none uploaded, or the trail is gone) shows the brand placeholder. */
  image: string | null | undefined;
  /** The placeholder's mountain, sized for the frame (`size-8` in a thumbnail, `size-16` in a hero). */
  iconClassName?: string;
}

/**
 * A trail's picture, or the brand gradient with a mountain when it has none: one look for every
 * list, card and page that shows a trail. It fills the frame its caller draws (size, corners,
 * badges stay the caller's); the picture is decorative (`alt=""`), the trail's name is beside it.
 * Given `sizes`, it offers the upload's widths too (`imageSrcSet`), so a card loads no hero.
 */
export function TrailPicture({ image, iconClassName = 'size-8', className = 'size-full object-cover', ...img }: TrailPictureProps) {
  if (image)
    return <img src={image} srcSet={img.sizes ? imageSrcSet(image) : undefined} alt="" decoding="async" className={className} {...img} />;
  return (
    <div className="flex size-full items-center justify-center bg-gradient-to-br from-brand-600 to-accent-600" aria-hidden="true">
      <MountainIcon className={`${iconClassName} text-white/80`} />
    </div>
  );
}
