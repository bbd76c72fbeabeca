import type { FormServices } from '../../../widgets/formServices';
import { ifscDirectory } from './ifsc';

/** The services the app gives every step form's widgets: the API's IFSC directory. */
export const formServices: FormServices = { ifsc: ifscDirectory };
