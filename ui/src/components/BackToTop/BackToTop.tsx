import { useState } from 'react';
import { useThrottledScroll } from '@/hooks/useThrottledScroll';
import { Icon } from '../Icon/Icon';
import './BackToTop.css';

/** Appears after scrolling at least half a window height. */
export function BackToTop() {
  const [visible, setVisible] = useState(false);
  useThrottledScroll(() => setVisible(window.scrollY >= window.innerHeight / 2));
  if (!visible) return null;
  return (
    <button
      type="button"
      className="back-to-top"
      aria-label="回到顶部"
      title="回到顶部"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <Icon name="arrowUp" size={20} />
    </button>
  );
}
