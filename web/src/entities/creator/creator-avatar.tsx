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
};

/** A creator's picture, or the initial of their name on the accent gradient when they have none. */
export function CreatorAvatar({ avatar, name, className }: CreatorAvatarProps) {
  const src = resolveMediaUrl(avatar);
  if (src) return <img className={className} src={src} alt="" loading="lazy" decoding="async" />;
  return (
    <span className={`${className} ${className}--initial`} aria-hidden="true">
      {initialOf(name)}
    </span>
  );
}
