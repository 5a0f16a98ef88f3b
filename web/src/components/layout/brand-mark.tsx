import { BRAND_NAME } from '../../config/brand';
import './brand.css';

/** Logo glyph and product name, without a link (the crash screen renders it outside the router). */
export function BrandMark() {
  return (
    <span className="brand">
      <svg className="brand__glyph" viewBox="0 0 32 32" aria-hidden="true">
        <defs>
          <linearGradient id="brand-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a78bfa" />
            <stop offset="0.55" stopColor="#f472b6" />
            <stop offset="1" stopColor="#fb923c" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" className="brand__tile" />
        <path
          d="M8 22.5V9.5l8 7.2 8-7.2v13"
          fill="none"
          stroke="url(#brand-gradient)"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className="brand__name">{BRAND_NAME}</span>
    </span>
  );
}
