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
  businessVerification: BusinessVerificationProvider;
  companyRegistry: CompanyRegistryProvider;
  penny: PennyProvider;
  identity: IdentityProvider;
  website: WebsiteProvider;
  payment: PaymentProvider;
  upiVerification: UpiVerificationProvider;
}

/** Where a person reads their messages: the merchant's e-mail, else their mobile. */
export type MessageAddress = { channel: 'email' | 'sms'; recipient: string };

/**
 * The payment service of the bank check by a UPI payment (a "reverse penny drop"): the merchant pays a small amount
 * by UPI from the account to be verified; the payment (webhook) tells the payer's account number, IFSC and name; the
 * amount goes back. `request` gives the link that opens the merchant's UPI app (production: a
 * `upi://pay?pa=…&pn=…&am=1.00&tr=<reference>&tn=…` intent); `refund` returns a settled payment (idempotent by reference).
 */
export interface UpiVerificationProvider {
  request(reference: string, amountPaise: number, payeeNote: string): Promise<{ upi_link: string }>;
  refund(reference: string, amountPaise: number, notify: MessageAddress | null): Promise<void>;
}

/** A plan payment to start (platform spec section 7, Plans): a transaction id of ours, the amount in rupees, what is bought. */
export interface PaymentRequest {
  txnid: string;
  amount: number;
  productinfo: string;
  email: string;
  name: string;
}

/** Starts payments on a payment page: where the app posts its hidden form, and the form's fields. */
export interface PaymentProvider {
  paymentParams(request: PaymentRequest): { payment_url: string } & Record<string, string>;
}

/** What the liveliness check found at a website's address (onboarding spec section 4, Website flow). */
export type WebsiteLiveliness = 'live' | 'not_live' | 'under_construction';

/** Checks that a merchant's website answers with a real site. */
export interface WebsiteProvider {
  liveliness(url: string): Promise<WebsiteLiveliness>;
}

/** A person as an identity service knows them: name, date of birth (yyyy-mm-dd) and address. */
export interface KnownPerson {
  name: string;
  dob: string | null;
  address: PostalAddress;
}

/** Aadhaar e-KYC by OTP (UIDAI, through a KYC user agency) and the central KYC registry (CKYC). */
export interface IdentityProvider {
  /** Asks for an OTP to the Aadhaar's registered mobile; a refusal carries the service's message. */
  aadhaarSendOtp(aadhaar: string): Promise<{ sent: true; reference: string } | { sent: false; message: string }>;
  /** Checks the OTP of a request; on success, the person the Aadhaar belongs to. */
  aadhaarVerifyOtp(reference: string, otp: string): Promise<{ verified: true; person: KnownPerson } | { verified: false }>;
  /** Checks UIDAI's signature on an Aadhaar Paperless Offline e-KYC XML. */
  verifyOfflineXml(xml: string): Promise<boolean>;
  /** Looks a PAN holder up in the central KYC registry by date of birth. */
  centralKyc(pan: string, dob: string): Promise<{ found: true; person: KnownPerson } | { found: false }>;
}

/** The GST registrations linked to a PAN, as the verification service (DVS) reports them. */
export interface PanGstDetail {
  name: string;
  gst_details: Array<{ gstin: string; tradename: string }>;
}

/**
 * The business verification service (DVS): GST registrations of a PAN, the trade name of a GSTIN and the entity
 * a shop-establishment registration belongs to. `null` means the service found nothing.
 */
export interface BusinessVerificationProvider {
  panGstDetails(pan: string): Promise<PanGstDetail | null>;
  gstinDetails(gstin: string): Promise<{ tradename: string } | null>;
  shopDetails(regNo: string, areaCode: string): Promise<{ entity_name: string } | null>;
}

/** One signatory (director, designated partner) the company registry lists for a CIN or LLPIN. */
export interface RegisteredSignatory {
  name: string;
  designation: string;
  din: string;
}

/** A company or LLP the registry lists: its CIN (or LLPIN) and registered name. */
export interface RegisteredCompany {
  cin: string;
  company_name: string;
}

/** An address as a registry or identity service holds it, in the form's four parts. */
export interface PostalAddress {
  address_line: string;
  city: string;
  pincode: string;
  state: string;
}

/**
 * The Ministry of Corporate Affairs registry as the verification service (DVS) reports it: the companies and LLPs of a
 * name (its company search), the signatories of a CIN or LLPIN, and its master data's registered office.
 */
export interface CompanyRegistryProvider {
  signatories(cin: string): Promise<RegisteredSignatory[]>;
  /** The companies and LLPs registered under exactly this name (none when the registry has no such name). */
  companiesNamed(name: string): Promise<RegisteredCompany[]>;
  /** The registered office of a CIN or LLPIN, or null when the registry has no such company. */
  registeredOffice(cin: string): Promise<PostalAddress | null>;
}

/** The states of a test deposit (onboarding spec section 4, penny test). */
export type PennyStatus = 'NOT_INITIATED' | 'PENDING' | 'SENT_TO_BANK' | 'SUCCESS' | 'FAILED';
/** How a test deposit travels: IMPS (instant, minutes) or NEFT (batches, hours). */
export type PennyMethod = 'IMPS' | 'NEFT';

/** The account a test deposit goes to and who holds it. */
export interface PennyAccount {
  accountNumber: string;
  ifsc: string;
  holderName: string;
  /** Where the account holder reads their bank's messages (the sandbox writes its "bank statement" line there). */
  notify: { channel: 'email' | 'sms'; recipient: string } | null;
}

/** A test deposit that was started: the reference it was started with, how it travels and the amount, in paise. */
export interface PennyDeposit {
  reference: string;
  method: PennyMethod;
  amountPaise: number;
  startedAt: Date;
}

/**
 * The bank transfer service of the penny test: deposits 1 to 5 rupees into an account and reports, later, whether it
 * landed. `deposit` is idempotent by reference (a job retried after a crash starts nothing twice); `status` is asked
 * again at `checkAgainAt` until it is SUCCESS or FAILED.
 */
export interface PennyProvider {
  deposit(account: PennyAccount, reference: string, now: Date): Promise<PennyDeposit>;
  status(account: PennyAccount, deposit: PennyDeposit, now: Date): Promise<{ status: PennyStatus; checkAgainAt: Date | null }>;
}
