import { apiFetch } from './fetcher';
import type { TokenData } from './types';

/** The sign-in calls (platform spec section 7, Auth); errors keep the server's body. */
export const authApi = {
  sendOtp: (identity: string) => apiFetch<{ message: string; resend_after: number }>('/api/v1/user/send_otp', { method: 'POST', body: { identity }, signIn: true }),
  verifyOtp: (identity: string, otp: string) => apiFetch<TokenData>('/api/v1/user/verify_otp', { method: 'POST', body: { identity, otp }, signIn: true }),
  login: (identity: string, password: string) => apiFetch<TokenData>('/api/v1/user/login', { method: 'POST', body: { identity, password }, signIn: true }),
  unlock: (identity: string, code: string) => apiFetch<{ message: string }>('/api/v1/user/unlock', { method: 'POST', body: { identity, code }, signIn: true }),
  logout: () => apiFetch<void>('/api/v1/user/logout', { method: 'DELETE', signIn: true }),
  appConfig: () => apiFetch<{ sandbox: boolean; embed_origins?: unknown; redirect_hosts?: unknown; logout_redirect_hosts?: unknown; logout_urls?: unknown }>('/api/v1/app_config', { signIn: true }),
};
