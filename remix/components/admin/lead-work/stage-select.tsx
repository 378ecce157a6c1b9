import { Form as BsForm, type FormSelectProps } from 'react-bootstrap';

import { LEAD_STAGES } from '@contract';

import { STAGE_LABELS } from './labels';

/** A select of every stage, in the pipeline's order, as the dashboard names them. */
export function StageSelect(props: Omit<FormSelectProps, 'children'>) {
  return (
    <BsForm.Select {...props}>
      {LEAD_STAGES.map((stage) => (
        <option key={stage} value={stage}>
          {STAGE_LABELS[stage]}
        </option>
      ))}
    </BsForm.Select>
  );
}
