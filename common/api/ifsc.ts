/** A branch of the IFSC directory, as GET /api/v1/ifsc_details/... answers it: the type of its answer schema. */
export type { IfscDetail } from '../../schemas/api/ifscDetailAnswer';
