import { EmptyState } from '../../components/page/empty-state';
import { PageHeader } from '../../components/page/page-header';
import { ImageIcon } from '../../components/icons/line-icons';

/** The mobile gallery, /gallery (spec 2 §2). */
export function GalleryPage() {
  return (
    <div className="page">
      <PageHeader title="My Gallery" />
      <EmptyState icon={<ImageIcon />} message="Your creations will appear here." />
    </div>
  );
}
