/** A branch of the IFSC directory (onboarding spec section 3, IFSC lookup), as GET /api/v1/ifsc_details/... answers it. */
export interface IfscDetail {
  ifsc_code: string;
  bank_name: string;
  branch_name: string;
  city: string;
  state: string;
  address: string;
  /** False for a real code the directory lacks: the bank is known, the branch fields are empty. */
  in_directory?: boolean;
}
