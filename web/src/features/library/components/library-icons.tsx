import { Icon } from '../../../components/icons/icon';

/** Outline icons of the library screens, drawn like the app's own (24×24, current colour). */

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M12 4v11M7.5 10.5 12 15l4.5-4.5" />
      <path d="M5 19.5h14" />
    </Icon>
  );
}

export function ShareIcon() {
  return (
    <Icon>
      <path d="M12 15V4M8 7.5 12 3.5l4 4" />
      <path d="M8.5 10.5H6.5A1.5 1.5 0 0 0 5 12v7a1.5 1.5 0 0 0 1.5 1.5h11A1.5 1.5 0 0 0 19 19v-7a1.5 1.5 0 0 0-1.5-1.5h-2" />
    </Icon>
  );
}

export function SelectIcon() {
  return (
    <Icon>
      <rect x="4" y="4" width="16" height="16" rx="4" />
      <path d="m8.5 12 2.5 2.5 4.5-5" />
    </Icon>
  );
}

export function ChevronLeftIcon() {
  return (
    <Icon>
      <path d="M14.5 5.5 8 12l6.5 6.5" />
    </Icon>
  );
}

export function ChevronRightIcon() {
  return (
    <Icon>
      <path d="M9.5 5.5 16 12l-6.5 6.5" />
    </Icon>
  );
}

export function PlayIcon() {
  return (
    <Icon filled>
      <path d="M8 5.5v13l10.5-6.5z" strokeWidth="1.2" />
    </Icon>
  );
}

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon filled={filled}>
      <path d="M12 19.5s-7.5-4.4-7.5-9.6A4.1 4.1 0 0 1 12 7.6a4.1 4.1 0 0 1 7.5 2.3c0 5.2-7.5 9.6-7.5 9.6z" />
    </Icon>
  );
}

export function GlobeIcon() {
  return (
    <Icon>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5s1.1-6.1 3.4-8.5z" />
    </Icon>
  );
}

export function LockIcon() {
  return (
    <Icon>
      <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
      <path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" />
    </Icon>
  );
}

export function CoinsIcon() {
  return (
    <Icon>
      <ellipse cx="10" cy="7" rx="6" ry="2.8" />
      <path d="M4 7v4.5c0 1.5 2.7 2.8 6 2.8s6-1.3 6-2.8V7" />
      <path d="M8 16.6c.6 1.3 3 2.2 6 2.2 3.3 0 6-1.3 6-2.8V11.5c0-1.2-1.7-2.2-4-2.6" />
    </Icon>
  );
}

export function FingerprintIcon() {
  return (
    <Icon>
      <path d="M7 18.5c1-1.8 1.5-4 1.5-6.5a3.5 3.5 0 0 1 7 0c0 2.2-.3 4.3-1 6" />
      <path d="M12 12c0 3-.7 5.7-2.2 8M17.8 16.5c.5-1.4.7-2.9.7-4.5a6.5 6.5 0 0 0-11.9-3.6M5.5 14.5c.3-.8.5-1.6.5-2.5" />
    </Icon>
  );
}

export function FilmIcon() {
  return (
    <Icon>
      <rect x="3.5" y="5" width="17" height="14" rx="2.5" />
      <path d="M7.5 5v14M16.5 5v14M3.5 9.5h4M3.5 14.5h4M16.5 9.5h4M16.5 14.5h4" />
    </Icon>
  );
}

export function RefreshIcon() {
  return (
    <Icon>
      <path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" />
      <path d="M19.5 4.5v4h-4" />
    </Icon>
  );
}
