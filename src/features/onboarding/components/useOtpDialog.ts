import { useEffect, useState } from 'react';

/** Resend OTP stays disabled this long after a code was sent (onboarding spec section 9). */
export const RESEND_AFTER_MS = 20_000;

/**
 * What the OTP dialogs share (the bank update, the website's OTP, the agreement's e-sign): one call at a time with its
 * failure in words (`problemOf`), and the resend button's wait after each code sent.
 */
export function useOtpDialog(problemOf: (error: unknown) => string) {
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (resendAt <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), resendAt - Date.now());
    return () => clearTimeout(timer);
  }, [resendAt, now]);

  /** Runs one call: busy meanwhile, its failure shown as `problemOf` words it. */
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (error) {
      setProblem(problemOf(error));
    } finally {
      setBusy(false);
    }
  };
  /** A code was just sent: resend waits {@link RESEND_AFTER_MS}. */
  const codeSent = () => {
    setResendAt(Date.now() + RESEND_AFTER_MS);
    setNow(Date.now());
  };
  return { busy, problem, setProblem, run, codeSent, mayResend: now >= resendAt };
}
