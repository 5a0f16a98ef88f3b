import { findPreset, guideExampleUrl, LOOK_DESCRIPTIONS } from '@app/shared';
import { SparkleIcon } from '../../components/icons/line-icons';

type LookCardProps = {
  /** The catalogue (service) mode the preset belongs to. */
  catalogueMode: 'parallel-self' | 'unreal-reflection';
  presetId: string;
  onTry: (presetId: string) => void;
};

/** One look of the guide: the example our pipeline made, its name, our description and "Try this look". */
export function LookCard({ catalogueMode, presetId, onTry }: LookCardProps) {
  const label = findPreset(catalogueMode, presetId)?.label ?? presetId;
  return (
    <li className="look-card stack surface-card">
      <div className="look-card__media">
        {/* Fixed size so the grid does not jump while the images load. */}
        <img src={guideExampleUrl(presetId)} alt={`Example of the ${label} look`} loading="lazy" decoding="async" width={512} height={640} />
      </div>
      <div className="look-card__body stack">
        <h3 className="look-card__title">{label}</h3>
        <p className="look-card__description">{LOOK_DESCRIPTIONS[presetId]}</p>
        <button type="button" className="button button--small look-card__try" onClick={() => onTry(presetId)} aria-label={`Try this look: ${label}`}>
          <SparkleIcon />
          Try this look
        </button>
      </div>
    </li>
  );
}
