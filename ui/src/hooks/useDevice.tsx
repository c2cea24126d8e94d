import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { detectDevice, isInIframe, type Device } from '@/lib/device';

export interface DeviceState extends Device {
  /** viewport under 768 px */
  isPhone: boolean;
  /** viewport under 1024 px: the side navigation becomes a drawer */
  isNarrow: boolean;
  inIframe: boolean;
}

const PHONE = '(max-width: 767px)';
const NARROW = '(max-width: 1023px)';

function matches(q: string): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(q).matches : false;
}

const DeviceContext = createContext<DeviceState | null>(null);

export function DeviceProvider({ children, value }: { children: ReactNode; value?: Partial<DeviceState> }) {
  const [base] = useState<Device>(() => detectDevice());
  const [isPhone, setPhone] = useState(() => matches(PHONE));
  const [isNarrow, setNarrow] = useState(() => matches(NARROW));
  const [inIframe] = useState(() => isInIframe());
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return undefined;
    const phone = window.matchMedia(PHONE);
    const narrow = window.matchMedia(NARROW);
    const onChange = () => {
      setPhone(phone.matches);
      setNarrow(narrow.matches);
    };
    phone.addEventListener('change', onChange);
    narrow.addEventListener('change', onChange);
    return () => {
      phone.removeEventListener('change', onChange);
      narrow.removeEventListener('change', onChange);
    };
  }, []);
  const state = useMemo(() => ({ ...base, isPhone, isNarrow, inIframe, ...value }), [base, isPhone, isNarrow, inIframe, value]);
  return <DeviceContext.Provider value={state}>{children}</DeviceContext.Provider>;
}

const FALLBACK: DeviceState = {
  isTablet: false, isiPhone: false, isAndroid: false, isApp: false, isPc: true, isEdge: false,
  isNativeChrome: true, isSafari: false, isWeChat: false, isPhone: false, isNarrow: false, inIframe: false,
};

export function useDevice(): DeviceState {
  return useContext(DeviceContext) ?? FALLBACK;
}
