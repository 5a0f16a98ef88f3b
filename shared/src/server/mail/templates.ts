import type { OutgoingMail } from '../db/repositories/mail-outbox.repository';
import { escapeMarkup } from '../escape-markup';

const BRAND = 'Mirrorverse';

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html><html><body style="margin:0;background:#0b0a10;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#f4f2fa">
<table width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:40px 16px">
<table width="100%" style="max-width:480px;background:#15131d;border-radius:16px;padding:32px" cellpadding="0" cellspacing="0"><tr><td>
<p style="margin:0 0 8px;font-weight:700;font-size:18px">${BRAND}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeMarkup(title)}</h1>
${bodyHtml}
</td></tr></table></td></tr></table></body></html>`;
}

function codeMail(to: string, subject: string, intro: string, code: string): OutgoingMail {
  const minutes = 10;
  return {
    to,
    subject,
    text: `${intro}\n\n${code}\n\nThe code is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.\n\n— ${BRAND}`,
    html: layout(
      subject,
      `<p style="margin:0 0 16px;color:#b9b4c8">${escapeMarkup(intro)}</p>
<p style="margin:0 0 16px;font-size:32px;letter-spacing:8px;font-weight:700;font-family:ui-monospace,Menlo,monospace">${code}</p>
<p style="margin:0;color:#8a84a0;font-size:13px">The code is valid for ${minutes} minutes. If you did not ask for it, you can ignore this e-mail.</p>`,
    ),
  };
}

export function signInCodeMail(to: string, code: string): OutgoingMail {
  return codeMail(to, `Your ${BRAND} login code`, `Enter this code to sign in to ${BRAND}:`, code);
}

export function emailChangeCodeMail(to: string, code: string): OutgoingMail {
  return codeMail(to, `Confirm your new ${BRAND} e-mail`, `Enter this code to make this address your ${BRAND} e-mail:`, code);
}

/** The subject of every invitation: never the sender's words, which could make it anything. */
export const INVITE_SUBJECT = `You're invited to ${BRAND}`;

/**
 * An invitation. `referrerName` is text a person typed: it stays out of the subject, is put on
 * one line (no line breaks to fake paragraphs with) and HTML-escaped in the HTML part.
 */
export function inviteMail(to: string, referrerName: string, link: string): OutgoingMail {
  const subject = INVITE_SUBJECT;
  const name = referrerName.replace(/[\p{Cc}\p{Zl}\p{Zp}\s]+/gu, ' ').trim() || 'A friend';
  const intro = `${name} thinks you'd love ${BRAND}: turn a photo of yourself into styled portraits and short videos.`;
  return {
    to,
    subject,
    text: `${intro}\n\nSign up with this link and get 10 bonus credits:\n${link}\n\n— ${BRAND}`,
    html: layout(
      subject,
      `<p style="margin:0 0 16px;color:#b9b4c8">${escapeMarkup(intro)}</p>
<p style="margin:0 0 24px"><a href="${escapeMarkup(link)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:linear-gradient(90deg,#8b5cf6,#ec4899);color:#fff;text-decoration:none;font-weight:700">Claim 10 bonus credits</a></p>
<p style="margin:0;color:#8a84a0;font-size:13px">Or open ${escapeMarkup(link)}</p>`,
    ),
  };
}

/**
 * The daily digest of unread notifications (issue 46 §3), for people who turned it on. `lines`
 * are the bell's sentences; `unsubscribe` is the signed one-click link, also in the headers
 * (RFC 8058: List-Unsubscribe with List-Unsubscribe-Post).
 */
export function notificationDigestMail(to: string, lines: string[], total: number, appUrl: string, unsubscribe: string): OutgoingMail {
  const subject = total === 1 ? `1 new notification on ${BRAND}` : `${total} new notifications on ${BRAND}`;
  const more = total > lines.length ? total - lines.length : 0;
  const list = lines.map((line) => `• ${line}`).join('\n') + (more > 0 ? `\n…and ${more} more` : '');
  return {
    to,
    subject,
    text: `Since your last digest:\n\n${list}\n\nSee them all: ${appUrl}\n\nStop these e-mails: ${unsubscribe}\n\n— ${BRAND}`,
    html: layout(
      subject,
      `<p style="margin:0 0 12px;color:#b9b4c8">Since your last digest:</p>
<ul style="margin:0 0 20px;padding-left:20px;color:#f4f2fa">${lines.map((line) => `<li style="margin:0 0 6px">${escapeMarkup(line)}</li>`).join('')}${more > 0 ? `<li>…and ${more} more</li>` : ''}</ul>
<p style="margin:0 0 24px"><a href="${escapeMarkup(appUrl)}" style="display:inline-block;padding:12px 22px;border-radius:999px;background:linear-gradient(90deg,#8b5cf6,#ec4899);color:#fff;text-decoration:none;font-weight:700">Open ${BRAND}</a></p>
<p style="margin:0;color:#8a84a0;font-size:13px">You get this once a day because you turned on the digest. <a href="${escapeMarkup(unsubscribe)}" style="color:#b9b4c8">Unsubscribe</a></p>`,
    ),
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
