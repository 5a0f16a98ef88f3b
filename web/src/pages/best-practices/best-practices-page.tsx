import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { SparkleIcon } from '../../components/icons/line-icons';

/** The guide, /bestpractices (spec 3 §2). */
export function BestPracticesPage() {
  return (
    <div className="page">
      <PageHeader title="How to Get the Look" />
      <EmptyState icon={<SparkleIcon />} message="A guide to the Parallel Self and Unreal Reflection looks, and to writing Studio and text prompts, will appear here." />
    </div>
  );
}
