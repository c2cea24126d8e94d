/** A tiny toast store; <Toaster/> renders it. */
export interface Toast {
  id: number;
  text: string;
  kind: 'info' | 'error' | 'success';
}

type Listener = (toasts: Toast[]) => void;
let toasts: Toast[] = [];
let seq = 0;
const listeners = new Set<Listener>();

function emit() {
  listeners.forEach((l) => l(toasts));
}

export function toast(text: string, kind: Toast['kind'] = 'info', duration = 2500): void {
  if (!text) return;
  // the same message twice in a row is shown once
  if (toasts.some((t) => t.text === text)) return;
  const t = { id: ++seq, text, kind };
  toasts = [...toasts, t];
  emit();
  setTimeout(() => {
    toasts = toasts.filter((x) => x.id !== t.id);
    emit();
  }, duration);
}

export function subscribeToasts(l: Listener): () => void {
  listeners.add(l);
  l(toasts);
  return () => listeners.delete(l);
}

/** Tests only: no toast showing and nobody listening (test files share this module, tests/setup.ts). */
export function clearToasts(): void {
  toasts = [];
  listeners.clear();
}
