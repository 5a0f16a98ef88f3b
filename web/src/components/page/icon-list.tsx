import type { ReactNode } from 'react';

/** A list whose every line starts with the same icon (perks, benefits, what a deletion removes). */
export function IconList({ items, icon, className }: { items: readonly string[]; icon: ReactNode; className: string }) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item}>
          {icon}
          {item}
        </li>
      ))}
    </ul>
  );
}
