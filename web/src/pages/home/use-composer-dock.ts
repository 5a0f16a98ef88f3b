import { MOBILE_MAX_WIDTH_PX } from '@app/shared';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
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
  const [phone, setPhone] = useState(() => firstScreen?.phone ?? phoneQuery().matches);
  const [height, setHeight] = useState<number | null>(null);

  // Placed before the first paint, so the first view shows the composer where it stays (a
  // docked-then-inline first frame would push the feed down: a layout shift).
  // The docked composer's height is reserved before the first paint too: a page that mounts
  // already scrolled (Back from the viewer) has its position restored against the final layout,
  // not one the spot's late reservation would push down by the composer's height.
  useLayoutEffect(() => {
    const node = slot.current;
    if (!node) return;
    const composer = node.querySelector('.composer');
    if (composer) setHeight(Math.round(composer.getBoundingClientRect().height));
    const { top, bottom } = node.getBoundingClientRect();
    setInline(!phoneQuery().matches && bottom >= 0 && top <= window.innerHeight);
  }, []);

  useEffect(() => {
    const node = slot.current;
    if (!node) return;
    const query = phoneQuery();
    let onScreen = false;
    const update = () => {
      setPhone(query.matches);
      setInline(onScreen && !query.matches);
    };
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

  return { slot, inline, reserved: inline || phone ? undefined : (height ?? undefined) };
}

function phoneQuery(): MediaQueryList {
  return window.matchMedia(`(max-width: ${MOBILE_MAX_WIDTH_PX}px)`);
}
