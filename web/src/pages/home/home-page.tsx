import { pageTitle } from '../../config/brand';
import '../../styles/home.css';

/** Home (spec 1 §2). The public feed and the composer come in later. */
export function HomePage() {
  return (
    <div className="page home">
      <title>{pageTitle('Turn a photo into a new world')}</title>
      <section className="home-hero">
        <p className="eyebrow">Early beta</p>
        <h1 className="home-hero__title">
          Turn a photo into <span className="gradient-text">a new world</span>
        </h1>
        <p className="home-hero__lead">
          Upload a photo and restyle it into images and short videos — with themed looks or your own words.
        </p>
        <p className="home-hero__note">The community feed and the composer will appear here.</p>
      </section>
    </div>
  );
}
