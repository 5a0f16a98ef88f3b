import { resolveMediaUrl } from '../media/media-item';
import './creator-avatar.css';

/** The first letter of a name, capitalised ('M' for Mirrorverse when there is none). */
export function initialOf(name: string | null | undefined): string {
  return (name?.trim().replace(/^@/, '')[0] ?? 'M').toUpperCase();
}

type CreatorAvatarProps = {
  avatar: string | null | undefined;
  name: string | null | undefined;
  /** The image's class; the initial gets it plus `${className}--initial`. */
  className: string;
  /** Its side in CSS px (as its class sets it): the image's width and height, so nothing moves as it loads. */
  size: number;
};

/** A creator's picture, or the initial of their name on the accent gradient when they have none. */
export function CreatorAvatar({ avatar, name, className, size }: CreatorAvatarProps) {
  const src = resolveMediaUrl(avatar);
  if (src) return <img className={className} src={src} width={size} height={size} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`${className} ${className}--initial`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
