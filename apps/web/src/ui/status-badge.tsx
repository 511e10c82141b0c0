import { Badge, useMantineTheme, type BadgeProps } from '@mantine/core';

import { STATUS_COLOURS, type BadgeStatus } from '@bloomline/contract';

import { filledColours } from './contrast';
import classes from './status-badge.module.css';

/** 'cancel-confirmed' → 'cancel confirmed' (a badge's words; its style sets their case). */
export function statusLabel(status: BadgeStatus): string {
  return status.replace(/-/g, ' ');
}

/** 'cancel-confirmed' → 'Cancel confirmed': a status as a choice or a label names it (a filter's options). */
export function statusName(status: string): string {
  const words = status.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export type StatusBadgeProps = Omit<BadgeProps, 'color' | 'variant' | 'children'> & {
  status: BadgeStatus;
  /**
   * The line's partner. Pass it (even as null or undefined) for an order line: an open line without a partner
   * shows as unassigned. Leave the prop out where partners do not apply.
   */
  partner?: unknown;
};

export function StatusBadge(props: StatusBadgeProps) {
  const { status, partner, ...rest } = props;
  const theme = useMantineTheme();
  const unassigned = 'partner' in props && (partner === null || partner === undefined) && status === 'open';
  const shown: BadgeStatus = unassigned ? 'unassigned' : status;
  const { background, text } = filledColours(theme, STATUS_COLOURS[shown]);
  return (
    <Badge variant="filled" color={background} c={text} data-status={shown} classNames={classes} {...rest}>
      {statusLabel(shown)}
    </Badge>
  );
}
