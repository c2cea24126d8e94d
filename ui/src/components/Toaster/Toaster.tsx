import { useEffect, useState } from 'react';
import { subscribeToasts, type Toast } from '@/lib/toast';
import './Toaster.css';

export function Toaster() {
  const [toasts, setToasts] = useState<Toast[]>([]);
  useEffect(() => {
    const off = subscribeToasts(setToasts);
    return () => { off(); };
  }, []);
  return (
    <div className="toaster" role="status" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.kind}`}>{t.text}</div>
      ))}
    </div>
  );
}
