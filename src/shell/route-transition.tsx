import { AnimatePresence, motion, type Variants } from 'framer-motion';
import { type ReactNode, useState } from 'react';
import { Outlet, useLocation, useOutlet } from 'react-router-dom';
import { LESS_MOTION_QUERY, useMedia } from '../ui/use-media';

/** The spec's router animations; each runs 300 ms, and "none" switches pages at once. */
export type RouterAnimation = 'none' | 'slide-fadein-up' | 'slide-fadein-right' | 'fadein' | 'zoom-fadein';

const DURATION_SECONDS = 0.3;

const VARIANTS: Record<Exclude<RouterAnimation, 'none'>, Variants> = {
  'slide-fadein-up': { initial: { opacity: 0, y: 24 }, enter: { opacity: 1, y: 0 }, exit: { opacity: 0 } },
  'slide-fadein-right': {
    initial: { opacity: 0, x: -24 },
    enter: { opacity: 1, x: 0 },
    exit: { opacity: 0 },
  },
  fadein: { initial: { opacity: 0 }, enter: { opacity: 1 }, exit: { opacity: 0 } },
  'zoom-fadein': {
    initial: { opacity: 0, scale: 0.97 },
    enter: { opacity: 1, scale: 1 },
    exit: { opacity: 0 },
  },
};

/**
 * The matched child route, animated in and out as the path changes; switched
 * at once, as with "none", for a person whose system asks for less motion
 * (prefers-reduced-motion): sliding pages are what that setting is for.
 */
export function AnimatedOutlet({ animation }: { animation: RouterAnimation }) {
  const location = useLocation();
  const lessMotion = useMedia(LESS_MOTION_QUERY);
  if (animation === 'none' || lessMotion) return <Outlet />;
  return (
    <AnimatePresence mode="wait" initial={false}>
      <motion.div
        key={location.pathname}
        variants={VARIANTS[animation]}
        initial="initial"
        animate="enter"
        exit="exit"
        transition={{ duration: DURATION_SECONDS, ease: 'easeOut' }}
      >
        <FrozenOutlet />
      </motion.div>
    </AnimatePresence>
  );
}

/** Keeps showing the page it first rendered while that page animates out. */
function FrozenOutlet(): ReactNode {
  const outlet = useOutlet();
  const [frozen] = useState(outlet);
  return frozen;
}
