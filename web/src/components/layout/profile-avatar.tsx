import { UserIcon } from '../icons/line-icons';
import { useProfile } from '../../state/profile';
import { useIsGenerating } from '../../state/run-store';

/**
 * The signed-in person's avatar (or initial); while a generation runs a spinner ring turns
 * around it (spec 1 §2).
 */
export function ProfileAvatar({ size = 28 }: { size?: number }) {
  const { profile } = useProfile();
  const generating = useIsGenerating();
  const initial = (profile?.name ?? profile?.email ?? '').trim()[0]?.toUpperCase();
  return (
    <span
      className={`profile-avatar${generating ? ' is-generating' : ''}`}
      style={{ width: size, height: size }}
      data-generating={generating || undefined}
      title={generating ? 'Creating your media…' : undefined}
    >
      {generating && <span className="profile-avatar__ring" aria-hidden="true" />}
      {profile?.avatar ? (
        <img className="profile-avatar__image place-center" src={profile.avatar} width={size} height={size} alt="" />
      ) : initial ? (
        <span className="profile-avatar__initial place-center" aria-hidden="true">
          {initial}
        </span>
      ) : (
        <span className="profile-avatar__initial place-center" aria-hidden="true">
          <UserIcon />
        </span>
      )}
      {generating && <span className="visually-hidden">(creating media)</span>}
    </span>
  );
}
