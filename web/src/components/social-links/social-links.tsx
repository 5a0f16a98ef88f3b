import type { ReactNode } from 'react';
import './social-links.css';

/** Mirrorverse's accounts on social networks (spec 2 §2). */
export const SOCIAL_LINKS: ReadonlyArray<{ name: string; href: string; icon: ReactNode }> = [
  {
    name: 'Instagram',
    href: 'https://instagram.com/mirrorverse.app',
    icon: (
      <>
        <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <circle cx="17.3" cy="6.7" r="1.1" fill="currentColor" />
      </>
    ),
  },
  {
    name: 'X',
    href: 'https://x.com/mirrorverseapp',
    icon: <path d="M4 4h4.6l4 5.6L17.4 4h2.3l-6 7 6.6 9h-4.6l-4.3-6-5.2 6H4l6.4-7.4z" fill="currentColor" />,
  },
  {
    name: 'Facebook',
    href: 'https://facebook.com/mirrorverse.app',
    icon: (
      <path
        d="M13.5 20.5v-7h2.4l.4-2.8h-2.8V8.9c0-.8.3-1.4 1.4-1.4h1.5V5a19 19 0 0 0-2.2-.1c-2.2 0-3.6 1.3-3.6 3.7v2.1H8.2v2.8h2.4v7z"
        fill="currentColor"
      />
    ),
  },
  {
    name: 'TikTok',
    href: 'https://tiktok.com/@mirrorverse.app',
    icon: (
      <path
        d="M15.5 3.5c.4 2.2 1.7 3.6 4 3.8v2.8a7 7 0 0 1-4-1.3v5.8a5.4 5.4 0 1 1-5.4-5.4c.3 0 .6 0 .9.1v2.9a2.6 2.6 0 1 0 1.8 2.4V3.5z"
        fill="currentColor"
      />
    ),
  },
  {
    name: 'Threads',
    href: 'https://threads.net/@mirrorverse.app',
    icon: (
      <path
        d="M16.7 11.2c-.1 0-.2-.1-.3-.1-.2-3-1.8-4.6-4.5-4.7-1.6 0-3 .7-3.8 2l1.5 1c.6-.9 1.5-1.1 2.3-1.1 1 0 1.7.3 2.1.9.3.4.5 1 .6 1.6a11 11 0 0 0-2.5-.1c-2.5.1-4.1 1.6-4 3.6.1 2 1.9 3.3 4 3.2 1.6-.1 2.8-.7 3.6-1.9.6-.9 1-2 1.1-3.4.8.5 1.3 1.1 1.6 1.9.5 1.3.5 3.4-1.2 5.1-1.5 1.5-3.3 2.1-6 2.1-3-.1-5.3-1-6.8-2.9C3 16.2 2.3 14 2.3 11.9V12c0-2.1.7-4.3 2-6 1.5-1.9 3.8-2.8 6.8-2.9 3 0 5.3 1 6.9 2.9.8.9 1.3 2.1 1.7 3.4l1.8-.5c-.4-1.6-1.1-3-2.1-4.2-2-2.4-4.9-3.6-8.4-3.6-3.6 0-6.4 1.2-8.3 3.6C1.1 6.9.3 9.4.3 12s.8 5.1 2.4 7.3c1.9 2.4 4.7 3.6 8.3 3.6 3.2 0 5.4-.8 7.3-2.7 2.4-2.4 2.3-5.4 1.5-7.3-.5-1.3-1.6-2.4-3.1-3.1zm-5 4.6c-1.1.1-2.2-.4-2.2-1.4 0-.8.5-1.6 2.3-1.7l.8-.1c.6 0 1.2.1 1.8.2-.2 2.6-1.5 3-2.7 3z"
        fill="currentColor"
        transform="translate(1.2 0) scale(0.92)"
      />
    ),
  },
  {
    name: 'YouTube',
    href: 'https://youtube.com/@mirrorverseapp',
    icon: (
      <>
        <rect x="2.5" y="5.5" width="19" height="13" rx="4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        <path d="M10 9.2v5.6l4.8-2.8z" fill="currentColor" />
      </>
    ),
  },
];

/** The row of social links: each opens the brand's page in a new tab. */
export function SocialLinks({ className }: { className?: string }) {
  return (
    <ul className={className ? `social-links ${className}` : 'social-links'} aria-label="Mirrorverse on social media">
      {SOCIAL_LINKS.map((link) => (
        <li key={link.name}>
          <a
            className="social-links__link place-center"
            href={link.href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={link.name}
            title={link.name}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" className="icon">
              {link.icon}
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
