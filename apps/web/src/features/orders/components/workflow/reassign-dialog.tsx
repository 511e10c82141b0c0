import { useState } from 'react';

import { LINE_ACTIONS } from '@bloomline/contract';

import { Dialog } from '@/ui';

import { useLineCandidates } from '../../api/get-line-candidates';
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
  const [all, setAll] = useState(false);
  const [q, setQ] = useState('');
  const candidates = useLineCandidates(lineId, all, q);
  return (
    <PartnerPicker
      candidates={candidates}
      all={all}
      onAll={setAll}
      q={q}
      onSearch={setQ}
      intro={LINE_ACTIONS.assign.confirm}
      scope={all ? 'Every partner, nearest first.' : 'Partners who deliver to this address, nearest first.'}
      field="partner_id"
      onAssign={onAssign}
      onClose={onClose}
    />
  );
}
