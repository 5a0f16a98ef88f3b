/** The contact mailbox as a link. */
export function MailLink({ email }: { email: string }) {
  return (
    <a className="legal-link" href={`mailto:${email}`}>
      {email}
    </a>
  );
}
