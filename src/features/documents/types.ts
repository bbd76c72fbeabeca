/** A document type offered in a category (GET merchant_docs_req, server/routes/documents.ts). */
export interface DocumentTypeOption {
  value: string;
  label: string;
  subLabel: string | null;
  coachMark: string | null;
  modalTitle: string | null;
  modalDescription: string | null;
  backOptional: boolean;
  /** The front and back slots' names when not FRONT and BACK. */
  sideLabels?: { front: string; back: string } | null;
}

/** A category the merchant must or may provide, with its configuration and the document in force. */
export interface DocumentCategory {
  code: string;
  label: string;
  tooltipText: string | null;
  maxFileSizeLimit: number;
  template: { call: string; label: string } | null;
  /** The upload button's text when not UPLOAD (ACCEPT for an agreement). */
  uploadLabel?: string | null;
  subCategory: {
    modalTitle: string;
    coachMark: string | null;
    value: DocumentTypeOption[];
    uploadFrontAndBack: string[];
    uploadMultiple: string[];
  } | null;
  upload_state: {
    status: string;
    remarks: string | null;
    kyc_document_uuid: string;
    document_type: string | null;
    file: { path: string; filename: string; byte_size: number } | null;
    /** The merchant may upload another (not yet sent for review, or declined). */
    replaceable: boolean;
    /** The merchant may delete it (not yet sent for review). */
    removable: boolean;
  } | null;
  /**
   * E-signing with the service agreement (the authorisation letter, Schedule C): `signed`, the document in force was
   * e-signed with it; `offered`, the agreement's e-sign would sign and file it here; else null.
   */
  esign_with_agreement?: 'signed' | 'offered' | null;
}

/** GET merchant_docs_req. */
export interface DocsReq {
  version: number;
  required: DocumentCategory[];
  optional: DocumentCategory[];
}
