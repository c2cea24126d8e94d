import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import './Popover.css';

interface Props {
  trigger: 'hover' | 'click';
  /** the element that opens it; receives aria props */
  renderTrigger: (props: { 'aria-expanded': boolean; 'aria-controls': string; onClick?: () => void }) => ReactNode;
  children: ReactNode | ((close: () => void) => ReactNode);
  placement?: 'bottom-start' | 'bottom-end' | 'bottom';
  className?: string;
  openDelay?: number;
}

/** Tooltip/popover: hover opens on mouse enter and closes on leave; click toggles; an outside click hides it. */
export function Popover({ trigger, renderTrigger, children, placement = 'bottom-start', className, openDelay = 0 }: Props) {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const id = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onDown = (e: MouseEvent | TouchEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false); };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('touchstart', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('touchstart', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => setOpen(false);
  const hover = trigger === 'hover'
    ? {
        onMouseEnter: () => { clearTimeout(timer.current); timer.current = setTimeout(() => setOpen(true), openDelay); },
        onMouseLeave: () => { clearTimeout(timer.current); setOpen(false); },
        onFocus: () => setOpen(true),
        onBlur: (e: React.FocusEvent) => { if (!ref.current?.contains(e.relatedTarget as Node)) setOpen(false); },
      }
    : {};
  return (
    <div className={`popover${className ? ` ${className}` : ''}`} ref={ref} {...hover}>
      {renderTrigger({
        'aria-expanded': open,
        'aria-controls': id,
        onClick: trigger === 'click' ? () => setOpen((o) => !o) : undefined,
      })}
      {open && (
        <div id={id} className={`popover__panel popover__panel--${placement}`}>
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}
