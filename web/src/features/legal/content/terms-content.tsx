import { LegalLink } from '../components/legal-link';
import type { LegalDocumentContent } from '../legal-types';
import { MailLink } from './mail-link';
import '../../../styles/stack.css';

/** The Terms of Service. */
export function termsContent(contact: string): LegalDocumentContent {
  return {
    title: 'Terms of Service',
    summary: (
      <>
        You must be 18 or older. You keep the rights to what you upload and create, and you promise to upload only photos
        you have the right to use. No violence, no explicit content, no minors, nobody without their consent — breaking
        these rules can cost you your account without a refund.
      </>
    ),
    sections: [
      {
        id: 'agreement',
        title: 'Agreement',
        body: (
          <p>
            These terms are an agreement between you and Mirrorverse about your use of the Mirrorverse website and app (the
            "Service"). By creating an account or using the Service you accept them, together with our{' '}
            <LegalLink kind="privacy">Privacy Policy</LegalLink> and{' '}
            <LegalLink kind="cookies">Cookies Policy</LegalLink>. If you do not agree, please do not use the Service.
          </p>
        ),
      },
      {
        id: 'eligibility',
        title: 'You must be 18 or older',
        body: (
          <p>
            You may use the Service only if you are at least 18 years old and able to enter into a binding agreement. By
            using it you confirm that you are. Accounts of people under 18 will be closed.
          </p>
        ),
      },
      {
        id: 'beta',
        title: 'A beta service',
        body: (
          <p>
            The Service is in beta. Features may change, be limited or be removed, sign-ups may be paused when the beta is
            full, and there may be interruptions or mistakes. We will do our best to keep your creations safe, but please keep
            your own copies of anything that matters to you — the library lets you download everything at once.
          </p>
        ),
      },
      {
        id: 'account',
        title: 'Your account',
        body: (
          <>
            <p>
              You sign in with a one-time code sent to your e-mail address. Keep access to that mailbox secure: anyone who can
              read it can sign in as you. You are responsible for what happens under your account. Tell us at{' '}
              <MailLink email={contact} /> if you think someone else has used it.
            </p>
            <p>One person, one account. Creating accounts in bulk or to collect extra credits is not allowed.</p>
          </>
        ),
      },
      {
        id: 'credits',
        title: 'Credits',
        body: (
          <>
            <p>
              Generating media uses credits: currently 2 credits for an image and 5 for a video. New accounts start with 20
              credits, a balance below 20 is topped back up to 20 each day, and the invite programme gives you and your
              friend 10 credits each as described on the Invite Friends page. If a generation fails, its credits are
              returned.
            </p>
            <p>
              Credits have no cash value, cannot be sold, transferred or exchanged, and end when your account ends. We may
              change credit costs, allowances and rewards; changes apply from the moment they are announced and do not take
              away credits already in your balance. Credits obtained through misuse may be removed.
            </p>
          </>
        ),
      },
      {
        id: 'your-content',
        title: 'Your uploads and creations',
        body: (
          <>
            <p>
              You keep all rights you have in the photos and videos you upload and in the media you create with them. To run
              the Service you give us a worldwide, non-exclusive, royalty-free licence to store, process, copy and display
              your uploads and creations as needed to provide the Service to you — and, for creations you share to the
              public feed, to show them to other users there. The licence for a creation ends when you delete it or make it
              private, except for copies others have already downloaded.
            </p>
            <p>
              Before uploading, you confirm that you have the legal rights to the media and that everyone who appears in it
              is 18 or older and has agreed to its use.
            </p>
          </>
        ),
      },
      {
        id: 'content-policy',
        title: 'Content policy',
        body: (
          <>
            <p>You may not upload, create, or share through the Service content that:</p>
            <ul className="stack">
              <li>shows or promotes violence, gore, self-harm or cruelty;</li>
              <li>is sexually explicit or otherwise has explicit themes;</li>
              <li>shows, or could be mistaken for, anyone under 18;</li>
              <li>
                uses a photo of a person without their consent, or is meant to deceive, harass, bully, threaten or
                impersonate someone;
              </li>
              <li>is hateful, or targets people for who they are;</li>
              <li>infringes someone else's copyright, trademark, privacy or other rights;</li>
              <li>is illegal where you live or where it is shown.</li>
            </ul>
            <p>
              You also may not try to get around our limits or safety checks, automate the Service without our permission,
              disrupt it, or access other people's accounts or data.
            </p>
          </>
        ),
      },
      {
        id: 'enforcement',
        title: 'Enforcement',
        body: (
          <p>
            We may review content reported to us or flagged by our checks. If we believe you have broken these terms, we may
            remove content, take it off the public feed, remove credits, and suspend or permanently ban your account.
            <strong> Misuse may lead to a ban or loss of access without refund.</strong> Where the law requires, we will tell
            you why and how to contest the decision.
          </p>
        ),
      },
      {
        id: 'ai-output',
        title: 'About AI-generated media',
        body: (
          <p>
            Results are generated automatically and can be unexpected, inaccurate or imperfect, and a result may not look
            like you even when the identity check passes. Others may get similar results from similar inputs. You are
            responsible for how you use what you create, including making clear that it is AI-generated where that matters.
          </p>
        ),
      },
      {
        id: 'invites',
        title: 'Inviting friends',
        body: (
          <p>
            Invite only people you know and who would welcome it. Do not use the invite system to send spam or to create
            accounts for yourself. Rewards are granted as described on the Invite Friends page and may be withheld or removed
            if the programme is abused.
          </p>
        ),
      },
      {
        id: 'our-rights',
        title: 'Our service',
        body: (
          <p>
            The Service — its software, design, name, logo, looks and presets — belongs to Mirrorverse and its licensors. These
            terms do not give you any right to them beyond using the Service as intended.
          </p>
        ),
      },
      {
        id: 'disclaimers',
        title: 'Disclaimers',
        body: (
          <p>
            The Service is provided "as is" and "as available". To the extent the law allows, we make no promises that it
            will be uninterrupted, error-free or fit for a particular purpose, or that content will be stored forever. Nothing
            in these terms limits rights you have as a consumer that cannot be limited by contract.
          </p>
        ),
      },
      {
        id: 'liability',
        title: 'Limitation of liability',
        body: (
          <p>
            To the extent the law allows, Mirrorverse is not liable for indirect, incidental, special or consequential
            damages, or for lost data, profits or goodwill, and our total liability for all claims relating to the Service is
            limited to <strong>100 USD</strong>. This does not limit liability for fraud, for death or personal injury caused
            by negligence, or any other liability that cannot be limited by law.
          </p>
        ),
      },
      {
        id: 'ending',
        title: 'Ending your use',
        body: (
          <p>
            You can stop using the Service at any time and delete your account in the Account tab of your profile; this
            deletes your media, profile and settings permanently. We may end or suspend your access as described under
            Enforcement, or if we stop offering the Service, in which case we will give you reasonable notice to download
            your creations.
          </p>
        ),
      },
      {
        id: 'changes',
        title: 'Changes to these terms',
        body: (
          <p>
            We may update these terms. For material changes we will give you at least 30 days' notice by e-mail or in the
            app before they take effect. If you keep using the Service after that, the new terms apply; if you do not agree,
            you can delete your account before then.
          </p>
        ),
      },
      {
        id: 'contact',
        title: 'Contact',
        body: (
          <p>
            Questions, reports of content that breaks these rules, or legal notices: <MailLink email={contact} />. If you
            have a complaint, please write to us first — we will try to resolve it within 30 days.
          </p>
        ),
      },
    ],
  };
}
