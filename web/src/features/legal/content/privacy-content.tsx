import { LegalLink } from '../components/legal-link';
import type { LegalDocumentContent } from '../legal-types';
import { MailLink } from './mail-link';
import '../../../styles/stack.css';

/** The Privacy Policy: what Mirrorverse keeps, why, for how long, and what you can do about it. */
export function privacyContent(contact: string): LegalDocumentContent {
  return {
    title: 'Privacy Policy',
    summary: (
      <>
        We keep only what the app needs to work: your e-mail address, the photos you upload, what you create, your likes,
        your settings and your credit history. We don't sell your data, we don't show ads and we don't use ad trackers.
      </>
    ),
    sections: [
      {
        id: 'who-we-are',
        title: 'Who we are',
        body: (
          <>
            <p>
              Mirrorverse is an AI photo and video app, currently in beta. This policy explains what personal data we
              collect when you use the website and app (together, the "Service"), why we collect it, and the choices you
              have. Questions about it go to <MailLink email={contact} />.
            </p>
          </>
        ),
      },
      {
        id: 'what-we-store',
        title: 'What we store',
        body: (
          <>
            <p>We store the following, and nothing else about you:</p>
            <ul className="stack">
              <li>
                <strong>Your e-mail address</strong> — it is your account. We send sign-in codes to it and, if you change it,
                a verification code to the new address. Sign-in codes are stored only in hashed form and expire after 10
                minutes.
              </li>
              <li>
                <strong>Your uploads</strong> — the photos and videos you give the Service to transform. We strip embedded
                metadata (such as camera details and location) from images when they are uploaded.
              </li>
              <li>
                <strong>Your generated media</strong> — the images and videos the Service creates for you, with the prompt,
                the look you chose, the size and, where it applies, an identity score that says how closely the result
                resembles the face in your photo.
              </li>
              <li>
                <strong>Your likes</strong> — which creations you liked, and how many likes your own creations received.
              </li>
              <li>
                <strong>Your settings</strong> — such as whether new creations are shared to the public feed, whether you
                accepted the media upload agreement, and your drafts.
              </li>
              <li>
                <strong>Your credit ledger</strong> — every change to your credit balance (sign-up credits, daily top-ups,
                generations, refunds and invite rewards), so your balance can always be explained.
              </li>
            </ul>
            <p>
              To run the Service safely we also keep short-lived technical records, such as the IP address a request came
              from, to limit abuse (for example, too many sign-up attempts from one address) and to keep the Service
              secure. These are not used to build a profile of you.
            </p>
          </>
        ),
      },
      {
        id: 'how-we-use-it',
        title: 'How we use it',
        body: (
          <>
            <ul className="stack">
              <li>To sign you in and keep your session secure.</li>
              <li>To turn your uploads into the images and videos you ask for, and to show them to you.</li>
              <li>To publish creations to the public feed when you choose to share them.</li>
              <li>To keep your credit balance and grant invite rewards.</li>
              <li>To send the e-mails you ask for: sign-in codes, address-change codes and invitations you send to friends.</li>
              <li>To enforce our content policy and protect the Service and its users from misuse.</li>
            </ul>
            <p>
              We do not use your photos or creations to train AI models, and we do not use your data for advertising.
            </p>
          </>
        ),
      },
      {
        id: 'identity-check',
        title: 'The identity check',
        body: (
          <p>
            Some looks are meant to keep you recognisable. For those, the Service compares the face in your photo with the
            face in each result and computes a similarity score from 0 to 1. The comparison happens while your media is
            generated; we keep the resulting score, the threshold and the number of attempts with the creation so you can
            see them. If your photo has no face, no comparison is made.
          </p>
        ),
      },
      {
        id: 'public-feed',
        title: 'What others can see',
        body: (
          <>
            <p>
              Your library is private. A creation becomes visible to others only when it is shared to the public feed —
              either because <strong>Share to Feed</strong> was on when you created it, or because you shared it yourself.
              You can turn Share to Feed off at any time in your profile or gallery, and make any single creation private
              again. Public creations show your display name or avatar, the prompt, the look and the like count.
            </p>
            <p>Your e-mail address is never shown to other users.</p>
          </>
        ),
      },
      {
        id: 'sharing',
        title: 'Who we share it with',
        body: (
          <>
            <p>We do not sell or rent your personal data. We share it only with:</p>
            <ul className="stack">
              <li>
                <strong>Service providers</strong> who run parts of the Service for us — hosting and storage, e-mail delivery,
                and AI model providers that process an upload to produce your result. They may use the data only to provide
                that service to us.
              </li>
              <li>
                <strong>Friends you invite</strong> — an invitation e-mail tells your friend your name or the first part of
                your e-mail address, so they know who invited them.
              </li>
              <li>
                <strong>Authorities</strong>, when the law requires it, or when it is needed to protect someone's safety or
                to stop serious misuse of the Service.
              </li>
            </ul>
          </>
        ),
      },
      {
        id: 'retention',
        title: 'How long we keep it',
        body: (
          <ul className="stack">
            <li>
              Your uploads, creations, drafts, likes and settings stay until you delete them or delete your account.
            </li>
            <li>
              Media made by guests — people using the Service without an account — expires and is deleted after 48 hours. If
              you sign in on the same device within that time, that media moves into your account and no longer expires.
            </li>
            <li>
              When you delete your account, we delete your media and content, your account and profile, and your data and
              settings.
            </li>
            <li>
              We may keep a minimal record needed to prevent abuse (for example, that an address was banned) or required by
              law.
            </li>
          </ul>
        ),
      },
      {
        id: 'your-choices',
        title: 'Your rights and choices',
        body: (
          <>
            <p>You can, at any time:</p>
            <ul className="stack">
              <li>see and download everything you created — the library can download all of it as one zip file;</li>
              <li>delete single creations, several at once, or all of them;</li>
              <li>change your e-mail address, or delete your account, in the Account tab of your profile;</li>
              <li>stop sharing new creations to the public feed, and make shared ones private again;</li>
              <li>
                ask us for a copy of your data, or to correct or erase it, by writing to <MailLink email={contact} />.
              </li>
            </ul>
            <p>
              Depending on where you live, you may also have the right to object to or restrict some processing and to
              complain to your data protection authority. We answer requests within 30 days.
            </p>
          </>
        ),
      },
      {
        id: 'security',
        title: 'Security',
        body: (
          <p>
            Sign-in uses one-time codes instead of passwords, codes are stored
            hashed, and sessions are rotated regularly. No system is perfectly secure; if we learn of a breach that affects
            your data, we will tell you without undue delay.
          </p>
        ),
      },
      {
        id: 'age',
        title: 'Age limit',
        body: (
          <p>
            The Service is only for people aged 18 or over. We do not knowingly collect data from anyone younger. Uploading
            images of minors is not allowed. If you believe a minor is using the Service or appears in content on it, tell us
            at <MailLink email={contact} /> and we will remove it.
          </p>
        ),
      },
      {
        id: 'cookies',
        title: 'Cookies and local storage',
        body: (
          <p>
            We use only the browser storage needed to keep you signed in and remember a few settings, and no advertising or
            tracking cookies. The <LegalLink kind="cookies">Cookies Policy</LegalLink> lists exactly what is stored.
          </p>
        ),
      },
      {
        id: 'changes',
        title: 'Changes to this policy',
        body: (
          <p>
            If we make a material change to this policy, we will tell you by e-mail or in the app at least 30 days before it
            takes effect. The date at the top of this page shows when it last changed.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            For anything about your privacy, write to <MailLink email={contact} />.
          </p>
        ),
      },
    ],
  };
}
