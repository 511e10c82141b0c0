import { LINE_ACTIONS } from '@bloomline/contract';

import { Dialog } from '@/ui';

import { lineCandidatesQueryOptions } from '../../api/get-line-candidates';
import { PartnerPicker } from './partner-picker';

export const REASSIGN_TITLE = 'Assign partner';

export type ReassignDialogProps = {
  opened: boolean;
  onClose: () => void;
  lineId: number;
  /** Posts {partner_id}; a 422 keeps the dialog open with the errors for `partner_id`. */
  onAssign: (partnerId: number) => Promise<unknown>;
};

export function ReassignDialog({ opened, onClose, lineId, onAssign }: ReassignDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={REASSIGN_TITLE} centered>
      {opened && <ReassignForm lineId={lineId} onClose={onClose} onAssign={onAssign} />}
    </Dialog>
  );
}

function ReassignForm({ lineId, onClose, onAssign }: Omit<ReassignDialogProps, 'opened'>) {
  return (
    <PartnerPicker
      candidatesQuery={(all, q) => lineCandidatesQueryOptions(lineId, all, q)}
      intro={LINE_ACTIONS.assign.confirm}
      scope={(all) =>
        all ? 'Every partner, nearest first.' : 'Partners who deliver to this address, nearest first.'
      }
      field="partner_id"
      onAssign={onAssign}
      onClose={onClose}
    />
  );
}
