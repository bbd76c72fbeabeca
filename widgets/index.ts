import type { RegistryWidgetsType } from '@rjsf/utils';
import { IfscSearchWidget } from './IfscSearchWidget';
import { NormalizedInputWidget } from './NormalizedInputWidget';
import { OtpBoxesWidget } from './OtpBoxesWidget';
import { PanInputWidget } from './PanInputWidget';

/** The project's widgets, by the name a uiSchema gives in `ui:widget`. */
export const widgets: RegistryWidgetsType = { PanInputWidget, OtpBoxesWidget, NormalizedInputWidget, IfscSearchWidget };
