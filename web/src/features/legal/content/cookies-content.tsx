import { LegalLink } from '../components/legal-link';
import type { LegalDocumentContent } from '../legal-types';
import { MailLink } from './mail-link';
import '../../../styles/stack.css';

/** The Cookies Policy: only what keeps you signed in, no trackers. */
export function cookiesContent(contact: string): LegalDocumentContent {
  return {
    title: 'Cookies Policy',
    summary: (
      <>
        Mirrorverse uses no advertising cookies, no analytics trackers and no third-party pixels. The only thing we keep in
        your browser is what is needed to keep you signed in and the app working.
      </>
    ),
    sections: [
      {
        id: 'what-we-use',
        title: 'What we use',
        body: (
          <>
            <p>
              Instead of cookies, the app uses your browser's local storage — a small store on your device that only this
              site can read. It holds:
            </p>
            <div className="legal-table stack" role="table" aria-label="What is stored in your browser">
              <div className="legal-table__row legal-table__row--head caps-label" role="row">
                <span role="columnheader">Key</span>
                <span role="columnheader">What it is for</span>
                <span role="columnheader">How long</span>
              </div>
              <div className="legal-table__row" role="row">
                <code role="cell">auth_token</code>
                <span role="cell">Your short-lived sign-in token, sent with each request so the server knows it is you.</span>
                <span role="cell">Until you sign out</span>
              </div>
              <div className="legal-table__row" role="row">
                <code role="cell">refresh_token</code>
                <span role="cell">Renews your sign-in without a new code. It changes every time it is used.</span>
                <span role="cell">Until you sign out</span>
              </div>
              <div className="legal-table__row" role="row">
                <code role="cell">user_data</code>
                <span role="cell">Your account basics (e-mail, name, settings) so the app can show them straight away.</span>
                <span role="cell">Until you sign out</span>
              </div>
              <div className="legal-table__row" role="row">
                <span role="cell">App preferences</span>
                <span role="cell">
                  Small, essential choices such as the look you last picked, and short-lived copies of uploads in progress.
                </span>
                <span role="cell">Up to 7 days</span>
              </div>
            </div>
            <p>
              All of these are strictly necessary: without them you could not stay signed in. That is why we do not ask for
              consent to them and why there is no cookie banner.
            </p>
          </>
        ),
      },
      {
        id: 'what-we-dont',
        title: "What we don't use",
        body: (
          <ul className="stack">
            <li>No advertising or retargeting cookies.</li>
            <li>No analytics or tracking scripts from third parties, and no tracking pixels.</li>
            <li>No cross-site profiles: nothing we store is shared with other websites.</li>
          </ul>
        ),
      },
      {
        id: 'links',
        title: 'Links to other sites',
        body: (
          <p>
            Our links to social networks such as Instagram, X, Facebook, TikTok, Threads and YouTube are plain links. Nothing
            from those sites loads on our pages until you follow a link; once you do, their own cookie policies apply.
          </p>
        ),
      },
      {
        id: 'control',
        title: 'Your control',
        body: (
          <p>
            Signing out removes the sign-in keys from your browser. You can also clear this site's data at any time in your
            browser settings; you will simply need to sign in again. Blocking local storage entirely keeps you signed in only
            until the tab is closed.
          </p>
        ),
      },
      {
        id: 'changes',
        title: 'Changes',
        body: (
          <p>
            If we ever want to use anything beyond what is described here, we will update this policy, ask for your consent
            where the law requires it, and give at least 30 days' notice of material changes. See also the{' '}
            <LegalLink kind="privacy">Privacy Policy</LegalLink>.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            Questions about this policy: <MailLink email={contact} />.
          </p>
        ),
      },
    ],
  };
}
