import { Icon, outlineIcon } from './icon';

/** 24×24 outline icons of the creation screens (feed, composer, viewer), sized with `.icon`. */

export function HeartIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon filled={filled}>
      <path d="M12 20s-7.5-4.4-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.6 12 20 12 20z" />
    </Icon>
  );
}

export const PlayIcon = outlineIcon(<path d="M8 5.5v13l10.5-6.5z" />, true);
export const ChevronLeftIcon = outlineIcon(<path d="m14.5 5.5-6.5 6.5 6.5 6.5" />);
export const ChevronRightIcon = outlineIcon(<path d="m9.5 5.5 6.5 6.5-6.5 6.5" />);
export const ChevronDownIcon = outlineIcon(<path d="m6 9.5 6 6 6-6" />);
export const ChevronUpIcon = outlineIcon(<path d="m6 14.5 6-6 6 6" />);
export const WandIcon = outlineIcon(<><path d="m4 20 10.5-10.5M13 6.5l1.5-1.5 4.5 4.5L17.5 11" /><path d="M6.5 3.5v3M5 5h3M19 14.5v3M17.5 16h3M10 2.8v1.8" /></>);
export const UploadIcon = outlineIcon(<><path d="M12 15.5V4.5M7.5 9 12 4.5 16.5 9" /><path d="M4.5 15v3a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3" /></>);
export const PlusIcon = outlineIcon(<path d="M12 5v14M5 12h14" />);
export const DownloadIcon = outlineIcon(<><path d="M12 4.5v11M7.5 11 12 15.5l4.5-4.5" /><path d="M4.5 17v1a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-1" /></>);
export const ShareIcon = outlineIcon(<><circle cx="18" cy="5.5" r="2.5" /><circle cx="6" cy="12" r="2.5" /><circle cx="18" cy="18.5" r="2.5" /><path d="m8.2 10.8 7.6-4.1M8.2 13.2l7.6 4.1" /></>);
export const RemixIcon = outlineIcon(<><path d="M4 7.5h3.5c4.5 0 4.5 9 9 9H20M17 13.5l3 3-3 3" /><path d="M4 16.5h3.5c1.3 0 2.3-.7 3-1.8M13.5 9.3c.7-1.1 1.7-1.8 3-1.8H20M17 4.5l3 3-3 3" /></>);
export const FlameIcon = outlineIcon(<path d="M12 20.5c-3.6 0-6-2.4-6-5.6 0-3.9 3.6-5.6 3.6-9.4 2.6 1.3 4.3 3.6 4.3 6 1-.6 1.6-1.8 1.7-3 1.5 1.5 2.4 3.8 2.4 6.2 0 3.4-2.4 5.8-6 5.8z" />);
export const GridIcon = outlineIcon(<><rect x="4" y="4" width="7" height="9" rx="1.8" /><rect x="13" y="4" width="7" height="6" rx="1.8" /><rect x="4" y="15" width="7" height="5" rx="1.8" /><rect x="13" y="12" width="7" height="8" rx="1.8" /></>);
export const StudioIcon = outlineIcon(<><path d="M4 20l1-4.5L15.5 5a2.1 2.1 0 0 1 3 3L8 18.5z" /><path d="M19 15.5v4M17 17.5h4" /></>);
export const MirrorIcon = outlineIcon(<><ellipse cx="12" cy="10" rx="5.5" ry="6.5" /><path d="M12 16.5V21M9 21h6M9.5 7.5c.6-.9 1.5-1.4 2.5-1.4" /></>);
export const TwinIcon = outlineIcon(<><circle cx="8.5" cy="8.5" r="3" /><circle cx="15.5" cy="8.5" r="3" /><path d="M3 19.5c.6-3 2.8-4.7 5.5-4.7 1.4 0 2.6.4 3.5 1.2.9-.8 2.1-1.2 3.5-1.2 2.7 0 4.9 1.7 5.5 4.7" /></>);
export const MoreIcon = outlineIcon(<><circle cx="6" cy="12" r="1.2" /><circle cx="12" cy="12" r="1.2" /><circle cx="18" cy="12" r="1.2" /></>);
export const FilmIcon = outlineIcon(<><rect x="3.5" y="5" width="17" height="14" rx="2.5" /><path d="M7.5 5v14M16.5 5v14M3.5 9.5h4M3.5 14.5h4M16.5 9.5h4M16.5 14.5h4" /></>);
export const LeafIcon = outlineIcon(<><path d="M5 19c0-8 5-13.5 14.5-14-.3 9.5-6 14.5-14 14.5z" /><path d="M5 19c3-4 6-6.5 9.5-8.5" /></>);
export const BoltIcon = outlineIcon(<path d="M13 3.5 5.5 13.5H11l-1 7 7.5-10H12z" />);
export const CalendarIcon = outlineIcon(<><rect x="4" y="5.5" width="16" height="14.5" rx="2.5" /><path d="M4 10h16M8.5 3.5v4M15.5 3.5v4" /></>);
export const VideoIcon = outlineIcon(<><rect x="3.5" y="6" width="12.5" height="12" rx="2.5" /><path d="m16 10.5 4.5-2.5v8L16 13.5" /></>);
export const SaveIcon = outlineIcon(<path d="M6.5 4h11A1.5 1.5 0 0 1 19 5.5V20l-7-4-7 4V5.5A1.5 1.5 0 0 1 6.5 4z" />);
export const IdentityIcon = outlineIcon(<><path d="M4 8V6a2 2 0 0 1 2-2h2M16 4h2a2 2 0 0 1 2 2v2M20 16v2a2 2 0 0 1-2 2h-2M8 20H6a2 2 0 0 1-2-2v-2" /><circle cx="12" cy="10.5" r="2.5" /><path d="M8 16.5c.8-1.6 2.2-2.5 4-2.5s3.2.9 4 2.5" /></>);
export const CubeIcon = outlineIcon(<><path d="M12 3.5 19.5 7.5v9L12 20.5 4.5 16.5v-9z" /><path d="M4.5 7.5 12 11.5l7.5-4M12 11.5v9" /></>);
