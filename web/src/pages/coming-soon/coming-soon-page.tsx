import { useSearchParams } from 'react-router-dom';
import { CheckIcon } from '../../components/icons/line-icons';
import { IconList } from '../../components/page/icon-list';
import { WaitlistForm } from '../../components/waitlist/waitlist-form';
import { pageTitle } from '../../config/brand';
import '../../styles/center-stack.css';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import './coming-soon.css';

const PERKS = ['Early access, in drops', 'Parallel Self, Unreal Reflection & Studio', 'Free to join · No credit card'];

/**
 * The pre-launch waitlist page, /coming-soon (spec 3 §2); before launch the layout shows it on
 * every path. `?ref=` names who sent the visitor.
 */
export function ComingSoonPage() {
  const [searchParams] = useSearchParams();
  const referrer = searchParams.get('ref');
  return (
    <div className="page coming-soon center-stack">
      <title>{pageTitle('Coming soon')}</title>
      <section className="coming-soon__hero stack" aria-labelledby="coming-soon-title">
        <p className="eyebrow">Coming soon</p>
        <h1 id="coming-soon-title" className="coming-soon__title">
          Your photos, <span className="gradient-text">reimagined</span>
        </h1>
        <p className="coming-soon__lead">
          Turn a single photo into styled portraits and short videos. We're opening the doors in drops — join the waitlist
          and be first in line.
        </p>
        <div className="coming-soon__card">
          <WaitlistForm source="coming-soon" referrerEmail={referrer} submitLabel="Join the Waitlist" />
        </div>
        <IconList className="coming-soon__perks cluster" items={PERKS} icon={<CheckIcon />} />
      </section>
    </div>
  );
}
