import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useLogin } from '@/features/auth';
import { tracker } from '@/lib/tracking';

/** Gives the beacons who is signed in and a new page id on every route change. Renders nothing. */
export function TrackingSession() {
  const { loginInfo } = useLogin();
  const { pathname } = useLocation();
  useEffect(() => {
    tracker.setUser(() => ({ id: loginInfo?.id ?? null, name: loginInfo?.name ?? null }));
  }, [loginInfo]);
  useEffect(() => {
    tracker.newPage();
  }, [pathname]);
  return null;
}
