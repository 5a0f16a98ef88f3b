import type { ReactNode } from 'react';

/** The frame of every outline icon: 24×24, drawn with the current text colour, sized with `.icon`. */
export function Icon({ children, filled = false }: { children: ReactNode; filled?: boolean }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

/** An icon component that draws `shapes` in the frame, outlined or (with `filled`) solid. */
export function outlineIcon(shapes: ReactNode, filled = false) {
  return function OutlineIcon() {
    return <Icon filled={filled}>{shapes}</Icon>;
  };
}
