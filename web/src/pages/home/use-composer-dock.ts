import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { useEffect, useRef, useState } from 'react';

/**
 * Where the home's composer sits on a desktop: in the page between the hero and the feed while
 * that spot is on screen, so the first view hides neither the trending cards nor the first row of
 * the feed; docked at the bottom of the window once the person scrolls past it. The spot keeps the
 * composer's height while it is docked, so nothing below it moves. Phones always dock it above the
 * bottom navigation.
 */
export function useComposerDock() {
  const slot = useRef<HTMLDivElement>(null);
  const [inline, setInline] = useState(false);
  const [height, setHeight] = useState<number | null>(null);

  useEffect(() => {
    const node = slot.current;
    if (!node) return;
    const phone = window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
    let onScreen = false;
    const update = () => setInline(onScreen && !phone.matches);
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(node);
    phone.addEventListener('change', update);
    return () => {
      observer.disconnect();
      phone.removeEventListener('change', update);
    };
  }, []);

  // The composer's height (it grows when opened), docked or not: what the spot keeps while it is
  // docked, also when the page mounts already scrolled past it (Back, a reload).
  useEffect(() => {
    const composer = slot.current?.querySelector('.composer');
    if (!composer) return;
    const observer = new ResizeObserver(([entry]) => setHeight(entry ? Math.round(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height) : null));
    observer.observe(composer);
    return () => observer.disconnect();
  }, []);

  return { slot, inline, reserved: inline ? undefined : (height ?? undefined) };
}
