import { useEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../shared/router';

/** Milliseconds after the bank is verified before the app moves on (onboarding spec section 9). */
export const REDIRECT_AFTER_VERIFIED_MS = 3_000;

/**
 * When the bank becomes verified while the page is open (the verify call, or the live channel), goes to the route the
 * rules name (rules/status.json bankVerifiedRedirect: the website or documents screen) 3 seconds later. A merchant
 * already verified when the page opens stays. Returns the route it is about to go to, if any.
 */
export function useRedirectAfterBankVerified(bankVerified: boolean | undefined, route: string | null | undefined): string | null {
  const navigate = useNavigate();
  const previous = useRef(bankVerified);
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = bankVerified;
    if (was === false && bankVerified === true && typeof route === 'string') setTarget(route);
  }, [bankVerified, route]);
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => {
      // Once: the page stays mounted on the route it goes to, and must not go there again after the next navigation.
      setTarget(null);
      navigate(target);
    }, REDIRECT_AFTER_VERIFIED_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);
  return target;
}
