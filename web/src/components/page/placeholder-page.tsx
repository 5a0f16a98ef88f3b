import type { ReactNode } from 'react';
import { EmptyState } from './empty-state';
import { PageHeader } from './page-header';

type PlaceholderPageProps = {
  title: string;
  icon: ReactNode;
  /** What the page will show once it is built. */
  message: ReactNode;
  /** Under the title, such as a back link. */
  children?: ReactNode;
};

/** A screen the spec names but that is not built yet: its heading and one line saying what will come. */
export function PlaceholderPage({ title, icon, message, children }: PlaceholderPageProps) {
  return (
    <div className="page">
      <PageHeader title={title}>{children}</PageHeader>
      <EmptyState icon={icon} message={message} />
    </div>
  );
}
