import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useFirstScreen } from '../../lib/first-screen';

/**
 * Where the home's composer sits on a desktop: in the page between the hero and the feed while
 * that spot is on screen, so the first view hides neither the trending cards nor the first row of
 * the feed; docked at the bottom of the window once the person scrolls past it. The spot keeps the
 * composer's height while it is docked, so nothing below it moves. Phones always dock it above the
 * bottom navigation, and their spot stays empty.
 */
export function useComposerDock() {
  const slot = useRef<HTMLDivElement>(null);
  // A server-drawn first screen placed it for the device that asked (inline on a desktop), and
  // hydrating that markup starts from the same place.
  const firstScreen = useFirstScreen();
  const [inline, setInline] = useState(firstScreen ? !firstScreen.phone : false);
  // Where the composer is and its height, for the spot's reserved height. That height is written
  // to the spot's style directly: it changes nothing else on the page, and as state it would draw
  // the whole home again right after the app takes it over (a long task on a phone).
  const placement = useRef<Placement>({ inline, phone: firstScreen?.phone ?? false, height: null });
  const place = useCallback((next: Partial<Placement>) => {
    const now = { ...placement.current, ...next };
    placement.current = now;
    const node = slot.current;
    if (node) node.style.minHeight = !now.inline && !now.phone && now.height !== null ? `${now.height}px` : '';
    setInline(now.inline);
  }, []);

  // Placed before the first paint, so the first view shows the composer where it stays (a
  // docked-then-inline first frame would push the feed down: a layout shift).
  // The docked composer's height is reserved before the first paint too: a page that mounts
  // already scrolled (Back from the viewer) has its position restored against the final layout,
  // not one the spot's late reservation would push down by the composer's height.
  // A phone docks it always and reserves nothing: nothing to measure.
  useLayoutEffect(() => {
    const node = slot.current;
    if (!node) return;
    if (phoneQuery().matches) return place({ phone: true, inline: false });
    const composer = node.querySelector('.composer');
    const { top, bottom } = node.getBoundingClientRect();
    place({
      phone: false,
      inline: bottom >= 0 && top <= window.innerHeight,
      height: composer ? Math.round(composer.getBoundingClientRect().height) : null,
    });
  }, [place]);

  useEffect(() => {
    const node = slot.current;
    if (!node) return;
    const query = phoneQuery();
    let onScreen = false;
    const update = () => place({ phone: query.matches, inline: onScreen && !query.matches });
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = entry?.isIntersecting ?? false;
      update();
    });
    observer.observe(node);
    query.addEventListener('change', update);
    return () => {
      observer.disconnect();
      query.removeEventListener('change', update);
    };
  }, [place]);

  // The composer's height (it grows when opened), docked or not: what the spot keeps while it is
  // docked, also when the page mounts already scrolled past it (Back, a reload).
  useEffect(() => {
    const composer = slot.current?.querySelector('.composer');
    if (!composer) return;
    const observer = new ResizeObserver(([entry]) => place({ height: entry ? Math.round(entry.borderBoxSize[0]?.blockSize ?? entry.contentRect.height) : null }));
    observer.observe(composer);
    return () => observer.disconnect();
  }, [place]);

  return { slot, inline };
}

interface Placement {
  inline: boolean;
  phone: boolean;
  height: number | null;
}

function phoneQuery(): MediaQueryList {
  return window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
}
