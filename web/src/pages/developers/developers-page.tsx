import { API_KEY_MARK, API_KEY_SCOPE_LABELS, API_KEY_SCOPES, MAX_LIVE_API_KEYS } from '@app/shared/api/api-keys';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../components/page/page-header';
import { paths } from '../../config/paths';
import { useAuth } from '../../state/use-auth';
import { apiExamples, type ApiExample, OPENAPI_PATH, VERIFY_SNIPPET } from './api-examples';
import { CodeBlock } from './code-block';
import '../../styles/cluster.css';
import '../../styles/stack.css';
import '../../styles/hero-panel.css';
import '../../styles/panels.css';
import './developers.css';

/** The steps of the quick start, in order, each with what to know about its answer. */
const STEPS: ReadonlyArray<{ id: ApiExample['id']; text: ReactNode }> = [
  { id: 'key', text: 'Every call below sends your key as a bearer token. Keep it out of your code: read it from the environment.' },
  {
    id: 'submit',
    text: (
      <>
        A <code>custom</code> prompt needs no photo. <code>runId</code> is your own id for the run (8 to 100 letters, digits, <code>-</code> or{' '}
        <code>_</code>): sending the same one again starts nothing new. The answer is a 202 with the run’s <code>cost</code> and your{' '}
        <code>balance</code>.
      </>
    ),
  },
  {
    id: 'poll',
    text: (
      <>
        A 202 while the run works, then a 200 with the <code>media</code> when it is done, or <code>"success": false</code> and the{' '}
        <code>error</code> when it failed (its credits come back). Ask every few seconds.
      </>
    ),
  },
  {
    id: 'stream',
    text: (
      <>
        Server-Sent Events for all your runs: <code>run.queued</code> with the place in the queue and the wait, <code>run.started</code>,{' '}
        <code>run.done</code> with the media, <code>run.failed</code>. <code>-N</code> stops curl from holding them back.
      </>
    ),
  },
  {
    id: 'webhook',
    text: (
      <>
        Or do not wait at all: add <code>webhookUrl</code>, an https address of yours, and the run’s end is POSTed there,{' '}
        <a href="#webhooks" className="inline-link">
          signed
        </a>
        .
      </>
    ),
  },
  {
    id: 'credits',
    text: (
      <>
        <code>remaining</code> is what you can spend now. Each run’s price comes in its 202, and <code>quote-generation</code> (same body as
        the submit) tells it before you start.
      </>
    ),
  },
];

const HEADERS: ReadonlyArray<{ name: string; text: string }> = [
  { name: 'webhook-id', text: 'The delivery’s id, the same on every try: keep it to ignore a delivery you already handled.' },
  { name: 'webhook-timestamp', text: 'When this try was sent, in seconds since 1970; the check refuses one more than 5 minutes off.' },
  { name: 'webhook-signature', text: 'v1, and the base64 HMAC-SHA256 of id.timestamp.body made with your signing secret.' },
];

function siteOrigin(): string {
  return typeof window === 'undefined' ? '' : window.location.origin;
}

/** Where a key is made: the profile's Developers tab, or sign-in first. */
function MakeKeyLink({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <Link to={paths.profile.getHref('developers')} className="button button--primary">
      Make a key
    </Link>
  ) : (
    <Link to={paths.auth.getHref()} className="button button--primary">
      Sign in to make a key
    </Link>
  );
}

/** The API guide, /developers (issue 45): keys and scopes, the calls with curl, webhooks and their check, the OpenAPI document. */
export function DevelopersPage() {
  const { isAuthenticated } = useAuth();
  const examples = apiExamples(siteOrigin());

  return (
    <div className="page developers-guide stack">
      <div className="developers-guide__hero hero-panel stack">
        <PageHeader
          eyebrow="Developers"
          title="Build on Mirrorverse"
          description="Start generations from your own code, follow them live or be called when they end, and read the results: plain HTTP and a personal API key."
        />
        <div className="developers-guide__actions cluster">
          <MakeKeyLink signedIn={isAuthenticated} />
          <a href={OPENAPI_PATH} className="button">
            OpenAPI document
          </a>
        </div>
        <nav className="developers-guide__jump cluster" aria-label="On this page">
          <a href="#keys" className="chip developers-guide__jump-link">
            API keys
          </a>
          <a href="#quick-start" className="chip developers-guide__jump-link">
            Quick start
          </a>
          <a href="#webhooks" className="chip developers-guide__jump-link">
            Webhooks
          </a>
          <a href="#reference" className="chip developers-guide__jump-link">
            Reference
          </a>
        </nav>
      </div>

      <section id="keys" className="developers-guide__section stack" aria-labelledby="keys-title">
        <h2 id="keys-title" className="developers-guide__title">
          API keys
        </h2>
        <p className="developers-guide__text">
          A key is a secret that starts with <code>{API_KEY_MARK}</code>. Your program sends it as <code>Authorization: Bearer {API_KEY_MARK}…</code> and
          acts as you: its runs spend your credits and land in your creations. It is shown once, when you make it; we keep only a hash of it.
          You may hold {MAX_LIVE_API_KEYS} at a time and revoke any of them whenever you like: it stops working on its next call. A key never
          reaches your account’s settings, your other keys or your webhook secret.
        </p>
        <h3 className="developers-guide__subtitle">Scopes</h3>
        <dl className="scope-list">
          {API_KEY_SCOPES.map((scope) => (
            <div key={scope} className="scope-list__item">
              <dt>
                <code>{scope}</code>
              </dt>
              <dd>{API_KEY_SCOPE_LABELS[scope]}</dd>
            </div>
          ))}
        </dl>
        <div className="developers-guide__callout stack">
          <p>
            {isAuthenticated
              ? 'Make a key in your profile, under Developers: name it, choose its scopes, and copy it when it appears.'
              : 'Keys belong to an account: sign in, then open your profile’s Developers tab to make one.'}
          </p>
          <MakeKeyLink signedIn={isAuthenticated} />
        </div>
      </section>

      <section id="quick-start" className="developers-guide__section stack" aria-labelledby="quick-start-title">
        <h2 id="quick-start-title" className="developers-guide__title">
          Quick start
        </h2>
        <ol className="developers-guide__steps stack">
          {STEPS.map(({ id, text }) => (
            <li key={id} className="developers-guide__step stack">
              <h3 className="developers-guide__subtitle">{examples[id].title}</h3>
              <p className="developers-guide__text">{text}</p>
              <CodeBlock caption="shell" code={examples[id].code} what={`the ${id} example`} />
            </li>
          ))}
        </ol>
      </section>

      <section id="webhooks" className="developers-guide__section stack" aria-labelledby="webhooks-title">
        <h2 id="webhooks-title" className="developers-guide__title">
          Webhooks
        </h2>
        <p className="developers-guide__text">
          A run submitted with <code>webhookUrl</code> has its end POSTed there: the body is what <code>getMediaByRunId</code> answers for the run,
          signed per <a href="https://www.standardwebhooks.com/" className="inline-link" target="_blank" rel="noopener noreferrer">Standard Webhooks</a>{' '}
          with your signing secret (<code>whsec_…</code>, in your profile’s Developers tab, with the recent deliveries). Three headers come with it:
        </p>
        <dl className="header-list">
          {HEADERS.map((header) => (
            <div key={header.name} className="header-list__item">
              <dt>
                <code>{header.name}</code>
              </dt>
              <dd>{header.text}</dd>
            </div>
          ))}
        </dl>
        <p className="developers-guide__callout">
          <strong>Answer with a 2xx within 10 seconds.</strong> On a non-2xx answer or a timeout the delivery is retried with backoff (after 30 s,
          2 min, 10 min, 30 min, 1 h, then every 2 h) for 24 hours.
        </p>
        <h3 className="developers-guide__subtitle">Verify a delivery in Node</h3>
        <CodeBlock caption="shell" code="npm install standardwebhooks express" what="the install command" />
        <CodeBlock caption="server.mjs" code={VERIFY_SNIPPET} what="the verification example" />
      </section>

      <section id="reference" className="developers-guide__section stack" aria-labelledby="reference-title">
        <h2 id="reference-title" className="developers-guide__title">
          Reference
        </h2>
        <p className="developers-guide__text">
          Every call a key may make, with its request and its answer, is in{' '}
          <a href={OPENAPI_PATH} className="inline-link">
            the OpenAPI 3.1 document
          </a>
          . A failed call answers JSON <code>{'{ "success": false, "error": "…" }'}</code> with its status: 400 for a bad request (the error says
          what), 401 for a key that is unknown or revoked, 403 for a scope the key lacks, 429 when you call too fast.
        </p>
      </section>
    </div>
  );
}
