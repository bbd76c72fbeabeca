import type { WidgetProps } from '@rjsf/utils';
import { NormalizedInputWidget } from './NormalizedInputWidget';

const PAN_LENGTH = 10;

/**
 * The PAN input: a normalising input (NormalizedInputWidget) that upper-cases what is typed, drops spaces and stops
 * at 10 characters, as the schema expects a PAN (`abcde 1234f` becomes `ABCDE1234F`); no browser suggestions.
 */
export function PanInputWidget(props: WidgetProps) {
  return <NormalizedInputWidget {...props} options={{ ...props.options, normalize: ['compact', 'upper'], capAt: PAN_LENGTH, autocomplete: 'off' }} />;
}
