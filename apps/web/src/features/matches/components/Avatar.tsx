import { DEFAULT_AVATAR } from '@trailbuddy/shared/data/avatars';
import { useState } from 'react';

const SIZES = { sm: 48, md: 64, lg: 96 } as const;

export interface AvatarProps {
  src: string | null | undefined;
  /** A preset, or a size in px for compact rows (cards' partner line). */
  size?: keyof typeof SIZES | number;
  className?: string;
}

/**
 * A round profile picture at a fixed size, so nothing shifts when it loads. Decorative (alt=""):
 * the person's name is always printed beside it. A picture that fails to load falls back to the
 * default preset rather than a broken icon.
 */
export function Avatar({ src, size = 'md', className = '' }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const px = typeof size === 'number' ? size : SIZES[size];
  return (
    <img
      src={!src || failed ? DEFAULT_AVATAR : src}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      style={{ width: px, height: px }}
      className={`shrink-0 rounded-full bg-stone-200 object-cover ring-2 ring-white ${className}`}
    />
  );
}
