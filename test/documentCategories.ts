/**
 * A category of the merchant's document requirements as `GET merchant_docs_req` answers it, with its upload in
 * `status` (null: nothing uploaded): for the documents screens' tests.
 */
export const documentCategory = (code: string, label: string, status: string | null) => ({
  code,
  label,
  tooltipText: null,
  maxFileSizeLimit: 5,
  template: null,
  subCategory: null,
  upload_state: status
    ? { status, remarks: null, kyc_document_uuid: 'a1b2c3d4-0000-4000-8000-000000000000', document_type: null, file: { path: '/api/v1/files/x', filename: `${code}.png`, byte_size: 2048 }, replaceable: true, removable: true }
    : null,
});
