import { SparkleIcon } from '../../components/icons/line-icons';
import { PlaceholderPage } from '../../components/page/placeholder-page';

/** The guide, /bestpractices (spec 3 §2). */
export function BestPracticesPage() {
  return (
    <PlaceholderPage
      title="How to Get the Look"
      icon={<SparkleIcon />}
      message="A guide to the Parallel Self and Unreal Reflection looks, and to writing Studio and text prompts, will appear here."
    />
  );
}
