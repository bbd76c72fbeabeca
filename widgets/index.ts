import type { RegistryWidgetsType } from '@rjsf/utils';
import { lazyWidget } from './lazyWidget';
import { IfscSearchWidget } from './IfscSearchWidget';
import { NormalizedInputWidget } from './NormalizedInputWidget';
import { PanInputWidget } from './PanInputWidget';

/**
 * The project's widgets, by the name a uiSchema gives in `ui:widget`. The OTP boxes load when first rendered: no
 * shipped step shows them in its form (the OTP dialogs import them directly).
 */
export const widgets: RegistryWidgetsType = {
  PanInputWidget,
  OtpBoxesWidget: lazyWidget(() => import('./OtpBoxesWidget').then((module) => module.OtpBoxesWidget)),
  NormalizedInputWidget,
  IfscSearchWidget,
};
