import { useState, type ImgHTMLAttributes } from 'react';
import { DEFAULT_AVATAR, DEFAULT_IMAGE, DEFAULT_WIDTH, proxyImage } from '@/lib/image';
import './Img.css';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  src?: string | null;
  width?: number;
  /** resize width for the image proxy: 200 by default, 500 for covers and events */
  resize?: number;
  fallback?: string;
}

/**
 * An image through the resize proxy that falls back to the default image once when it fails; when the
 * default image fails too (an app host without it, a blocked request) nothing is drawn rather than the
 * browser's broken-image glyph.
 */
export function Img({ src, resize = DEFAULT_WIDTH, fallback = DEFAULT_IMAGE, alt = '', className, ...rest }: Props) {
  // failures of this `src` (a new src starts again from the picture)
  const [failed, setFailed] = useState({ src, count: 0 });
  const failures = failed.src === src ? failed.count : 0;
  // what to try, in order: the picture, then the default; each failure moves on to the next
  const tries = [src ? proxyImage(src, resize) : '', fallback].filter(Boolean);
  const url = tries[failures];
  if (!url) return null; // everything failed (or fallback '' hides a failed image)
  const proxied = url !== fallback;
  return (
    <img
      {...rest}
      className={`img${proxied ? '' : ' img--fallback'}${className ? ` ${className}` : ''}`}
      src={url}
      alt={alt}
      loading={rest.loading ?? 'lazy'}
      decoding="async"
      onError={() => setFailed({ src, count: failures + 1 })}
    />
  );
}

interface AvatarProps {
  src?: string | null;
  name?: string | null;
  size?: number;
  expert?: boolean;
  className?: string;
}

/** Round avatar; experts get a special ring and badge. */
export function Avatar({ src, name, size = 28, expert = false, className }: AvatarProps) {
  return (
    <span
      className={`avatar${expert ? ' avatar--expert' : ''}${className ? ` ${className}` : ''}`}
      style={{ width: size, height: size }}
      title={expert ? '专家' : undefined}
    >
      <Img src={src} fallback={DEFAULT_AVATAR} resize={DEFAULT_WIDTH} alt={name ? `${name}的头像` : '头像'} width={size} height={size} />
      {expert && <span className="avatar__badge" aria-label="专家">V</span>}
    </span>
  );
}
