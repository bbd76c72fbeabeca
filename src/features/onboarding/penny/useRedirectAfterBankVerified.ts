import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from '../../../shared/router';

/** Milliseconds after the bank is verified before the app moves on (onboarding spec section 9). */
export const REDIRECT_AFTER_VERIFIED_MS = 3_000;

/** Whether a dialog is open on the page: a merchant in one is never moved from under it. */
const dialogOpen = () => document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * When the bank becomes verified while the merchant is on the bank step (the verify call, or the live channel), goes
 * to the route the rules name (rules/status.json bankVerifiedRedirect: the website or documents screen) 3 seconds
 * later, once in the page's life. Nothing moves a merchant who is elsewhere when the verification arrives (another
 * tab or step), who leaves the bank step within the 3 seconds, or who has a dialog open when they end; a merchant
 * already verified when the page opens stays. Returns the route it is about to go to, if any.
 */
export function useRedirectAfterBankVerified(bankVerified: boolean | undefined, route: string | null | undefined, onBankStep: boolean): string | null {
  const navigate = useNavigate();
  const previous = useRef(bankVerified);
  const moved = useRef(false);
  const stillOnBankStep = useRef(onBankStep);
  // Whether the merchant has left the bank step since the move was announced: they then stay where they went.
  const left = useRef(false);
  useLayoutEffect(() => {
    stillOnBankStep.current = onBankStep;
    if (!onBankStep) left.current = true;
  });
  const [target, setTarget] = useState<string | null>(null);
  useEffect(() => {
    const was = previous.current;
    previous.current = bankVerified;
    if (was === false && bankVerified === true && typeof route === 'string' && stillOnBankStep.current && !moved.current) {
      moved.current = true;
      left.current = false;
      setTarget(route);
    }
  }, [bankVerified, route]);
  useEffect(() => {
    if (!target) return;
    const timer = setTimeout(() => {
      setTarget(null);
      if (!left.current && !dialogOpen()) navigate(target);
    }, REDIRECT_AFTER_VERIFIED_MS);
    return () => clearTimeout(timer);
  }, [target, navigate]);
  return onBankStep ? target : null;
}
