import { Badge, useMantineTheme } from '@mantine/core';

import type { ReturnStatus } from '@bloomline/contract';

import { filledColours } from '@/ui';

const COLOURS = { open: 'orange', processed: 'green' } as const;
const WORDS = { open: 'Open', processed: 'Processed' } as const;

/** Open (still to decide who bears the cost) or processed, in colours that read at 4.5:1. */
export function ClaimStatusBadge({ status }: { status: ReturnStatus }) {
  const theme = useMantineTheme();
  const { background, text } = filledColours(theme, COLOURS[status]);
  return (
    <Badge variant="filled" color={background} c={text} data-status={status}>
      {WORDS[status]}
    </Badge>
  );
}

/** A refund is open until someone is made responsible for it. */
export const refundStatus = (refund: { responsible: string | null }): ReturnStatus =>
  refund.responsible === null ? 'open' : 'processed';
