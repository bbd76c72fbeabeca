import { DocumentsPage } from '../../documents';
import type { StepComponentProps } from '../stepComponents';

/** The additional-documents step's content: the Documents tab's list, whose sending is the step's own Submit. */
export function DocumentsChecklist({ merchant, mayAct, permitted = true }: StepComponentProps) {
  return <DocumentsPage merchant={merchant} canEdit={mayAct} permitted={permitted} embedded />;
}
