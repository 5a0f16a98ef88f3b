import { outlineIcon } from './icon';

/** 24×24 outline icons drawn with the current text colour; size them with CSS (`.icon`). */

export const HomeIcon = outlineIcon(<><path d="M3.5 10.5 12 4l8.5 6.5" /><path d="M5.5 9v10.5h13V9" /><path d="M10 19.5v-5h4v5" /></>);
export const SparkleIcon = outlineIcon(<><path d="M12 3.5l1.9 5.1 5.1 1.9-5.1 1.9L12 17.5l-1.9-5.1L5 10.5l5.1-1.9z" /><path d="M18.5 16.5l.7 1.8 1.8.7-1.8.7-.7 1.8-.7-1.8-1.8-.7 1.8-.7z" /></>);
export const BookIcon = outlineIcon(<><path d="M4 5.5A1.5 1.5 0 0 1 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5z" /><path d="M20 5.5A1.5 1.5 0 0 0 18.5 4H13v16h5.5a1.5 1.5 0 0 0 1.5-1.5z" /></>);
export const UserIcon = outlineIcon(<><circle cx="12" cy="8.5" r="3.5" /><path d="M5 20c.8-3.6 3.6-5.5 7-5.5s6.2 1.9 7 5.5" /></>);
export const MailIcon = outlineIcon(<><rect x="3.5" y="5.5" width="17" height="13" rx="2.5" /><path d="m4.5 7 7.5 6 7.5-6" /></>);
export const ImageIcon = outlineIcon(<><rect x="3.5" y="4.5" width="17" height="15" rx="2.5" /><circle cx="9" cy="10" r="1.8" /><path d="m4 17.5 5-4.5 3.5 3 3-2.5 4.5 4" /></>);
export const DocumentIcon = outlineIcon(<><path d="M6.5 3.5h7l4 4v13h-11z" /><path d="M13.5 3.5v4h4" /><path d="M9 12.5h6M9 16h6" /></>);
export const ShieldIcon = outlineIcon(<><path d="M12 3.5 19 6v5.5c0 4.3-2.9 7.7-7 9-4.1-1.3-7-4.7-7-9V6z" /><path d="m9 12 2 2 4-4" /></>);
export const PenIcon = outlineIcon(<><path d="M4 20l1-4.5L15.5 5a2.1 2.1 0 0 1 3 3L8 18.5z" /><path d="M13.5 7l3 3" /></>);
export const HashIcon = outlineIcon(<path d="M9.5 4 8 20M16 4l-1.5 16M4.5 9h15M4 15h15" />);
export const SearchIcon = outlineIcon(<><circle cx="10.5" cy="10.5" r="6" /><path d="m15 15 5 5" /></>);
export const ClockIcon = outlineIcon(<><circle cx="12" cy="12" r="8.5" /><path d="M12 7.5V12l3 2" /></>);
export const CheckIcon = outlineIcon(<path d="m5 12.5 4.5 4.5L19 7.5" />);
export const CloseIcon = outlineIcon(<path d="M6.5 6.5l11 11M17.5 6.5l-11 11" />);
export const WarningIcon = outlineIcon(<><path d="M12 8v5" /><path d="M12 16.6v.1" /><path d="M10.3 4.2 2.9 17.3A2 2 0 0 0 4.6 20.3h14.8a2 2 0 0 0 1.7-3L13.7 4.2a2 2 0 0 0-3.4 0z" /></>);
export const LogoutIcon = outlineIcon(<><path d="M14 4.5H6.5A1.5 1.5 0 0 0 5 6v12a1.5 1.5 0 0 0 1.5 1.5H14" /><path d="M10.5 12H20M16.5 8.5 20 12l-3.5 3.5" /></>);
export const TrashIcon = outlineIcon(<><path d="M4.5 7h15M9.5 7V4.5h5V7" /><path d="M6.5 7l.9 12a1.5 1.5 0 0 0 1.5 1.5h6.2a1.5 1.5 0 0 0 1.5-1.5l.9-12" /><path d="M10 11v5.5M14 11v5.5" /></>);
export const ArrowLeftIcon = outlineIcon(<path d="M19.5 12h-15M10.5 6l-6 6 6 6" />);
export const GiftIcon = outlineIcon(<><rect x="3.5" y="8" width="17" height="4" rx="1" /><path d="M5 12v7.5h14V12M12 8v11.5" /><path d="M12 8c-1.5-3.5-5.5-4-5.5-1.5C6.5 8 9 8 12 8zM12 8c1.5-3.5 5.5-4 5.5-1.5C17.5 8 15 8 12 8z" /></>);
export const SelectIcon = outlineIcon(<><rect x="4" y="4" width="16" height="16" rx="4" /><path d="m8.5 12 2.5 2.5 4.5-5" /></>);
export const GlobeIcon = outlineIcon(<><circle cx="12" cy="12" r="8.5" /><path d="M3.5 12h17M12 3.5c2.3 2.4 3.4 5.2 3.4 8.5s-1.1 6.1-3.4 8.5c-2.3-2.4-3.4-5.2-3.4-8.5s1.1-6.1 3.4-8.5z" /></>);
export const LockIcon = outlineIcon(<><rect x="5" y="10.5" width="14" height="10" rx="2.5" /><path d="M8.5 10.5V8a3.5 3.5 0 0 1 7 0v2.5" /></>);
export const CoinsIcon = outlineIcon(<><ellipse cx="10" cy="7" rx="6" ry="2.8" /><path d="M4 7v4.5c0 1.5 2.7 2.8 6 2.8s6-1.3 6-2.8V7" /><path d="M8 16.6c.6 1.3 3 2.2 6 2.2 3.3 0 6-1.3 6-2.8V11.5c0-1.2-1.7-2.2-4-2.6" /></>);
export const FingerprintIcon = outlineIcon(<><path d="M7 18.5c1-1.8 1.5-4 1.5-6.5a3.5 3.5 0 0 1 7 0c0 2.2-.3 4.3-1 6" /><path d="M12 12c0 3-.7 5.7-2.2 8M17.8 16.5c.5-1.4.7-2.9.7-4.5a6.5 6.5 0 0 0-11.9-3.6M5.5 14.5c.3-.8.5-1.6.5-2.5" /></>);
export const RefreshIcon = outlineIcon(<><path d="M19.5 12a7.5 7.5 0 1 1-2.2-5.3" /><path d="M19.5 4.5v4h-4" /></>);
export const FlagIcon = outlineIcon(<><path d="M5.5 20.5V4" /><path d="M5.5 4.5h11l-2.2 4 2.2 4h-11" /></>);
export const CollectionIcon = outlineIcon(<><rect x="3.5" y="7.5" width="17" height="12.5" rx="2.5" /><path d="M6 4.5h12" /><path d="M12 11v6M9 14h6" /></>);
export const BellIcon = outlineIcon(<><path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15z" /><path d="M10 20.5a2 2 0 0 0 4 0" /></>);
