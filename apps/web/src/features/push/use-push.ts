import { useCallback, useEffect, useState } from 'react';
import { disablePush, enablePush, pushState, type PushState } from '../../lib/push';

/** Where "Not now" is remembered, so the offer is made once per browser, not after every search. */
const OFFER_DISMISSED_KEY = 'trailbuddy.push-offer-dismissed';

export function offerDismissed(): boolean {
  try {
    return localStorage.getItem(OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function dismissOffer(): void {
  try {
    localStorage.setItem(OFFER_DISMISSED_KEY, '1');
  } catch {
    // storage unavailable (private mode): the offer may come back, nothing worse
  }
}

/** This browser's push state, and turning it on (asks the browser's permission) or off. */
export function usePush() {
  const [state, setState] = useState<PushState | 'loading'>('loading');
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void pushState().then(
      (s) => live && setState(s),
      () => live && setState('unsupported'),
    );
    return () => {
      live = false;
    };
  }, []);

  const change = useCallback(async (on: boolean) => {
    setBusy(true);
    setFailed(false);
    try {
      if (on) setState(await enablePush());
      else {
        await disablePush();
        setState('off');
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }, []);

  return { state, busy, failed, turnOn: () => change(true), turnOff: () => change(false) };
}
