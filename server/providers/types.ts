/** Sends a one-time code or notice to an e-mail address or mobile number. */
export interface MessageProvider {
  send(message: { channel: 'email' | 'sms'; recipient: string; subject: string; body: string }): Promise<void>;
}

/** The income-tax PAN check: whether a PAN exists and the name it is registered to. */
export interface PanProvider {
  verify(pan: string): Promise<{ valid: true; name: string } | { valid: false }>;
}

/** The external services the API uses; the routes never know which implementation they have. */
export interface Providers {
  messages: MessageProvider;
  pan: PanProvider;
}
