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

/** The Ministry of Corporate Affairs registry as the verification service (DVS) reports it: the signatories of a CIN or LLPIN. */
export interface CompanyRegistryProvider {
  signatories(cin: string): Promise<RegisteredSignatory[]>;
}
