import { LINE_ACTIONS } from '@bloomline/contract';

import { Dialog } from '@/ui';

import { groupCandidatesQuery } from '../../api/bulk-orders';
import { PartnerPicker } from '../workflow/partner-picker';

export const GROUP_ASSIGN_TITLE = 'Assign the unassigned items';

export type GroupAssignDialogProps = {
  opened: boolean;
  onClose: () => void;
  /** The selected orders: their open unassigned lines go to the partner chosen. */
  ids: readonly number[];
  /** Sends the bulk assign; a 422 keeps the dialog open with the errors for `partnerId`. */
  onAssign: (partnerId: number) => Promise<unknown>;
};

/** Staff: one partner for the unassigned items of many orders, chosen as the reassign dialog chooses for one. */
export function GroupAssignDialog({ opened, onClose, ids, onAssign }: GroupAssignDialogProps) {
  return (
    <Dialog opened={opened} onClose={onClose} title={GROUP_ASSIGN_TITLE} centered>
      {opened && <GroupAssignForm ids={ids} onClose={onClose} onAssign={onAssign} />}
    </Dialog>
  );
}

function GroupAssignForm({ ids, onClose, onAssign }: Omit<GroupAssignDialogProps, 'opened'>) {
  const orders = `${String(ids.length)} selected order${ids.length === 1 ? '' : 's'}`;
  return (
    <PartnerPicker
      candidatesQuery={(all, q) => groupCandidatesQuery(ids, all, q)}
      intro={`The open items without a partner of the ${orders} go to one partner. ${LINE_ACTIONS.assign.confirm}`}
      scope={(all) =>
        all
          ? 'Every partner, by the distance to the farthest delivery.'
          : 'Partners who deliver to every one of these addresses, by the distance to the farthest.'
      }
      field="partnerId"
      onAssign={onAssign}
      onClose={onClose}
    />
  );
}
