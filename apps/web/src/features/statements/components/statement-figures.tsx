import { Box, Group, Paper, Skeleton, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';

import { STATEMENT_FIGURES, type StatementTotals } from '@bloomline/contract';

import { Money } from '@/ui';

import classes from './statement-figures.module.css';

type Figure = (typeof STATEMENT_FIGURES)[number];

/**
 * One figure: its label, its amount and its explanation, shown while the pointer is over it, while it has
 * the focus and after a tap (a phone has no hover; the explanation stays until the tap goes elsewhere or
 * Escape); screen readers hear it as the figure's description.
 */
function FigureCard({ figure, value }: { figure: Figure; value: number | null }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <Tooltip label={figure.hint} multiline w={240} withArrow opened={open}>
      <Paper
        withBorder
        radius="md"
        p="sm"
        tabIndex={0}
        role="group"
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        data-figure={figure.key}
        style={{ cursor: 'help' }}
        // A mouse shows it while over the figure; a finger's enter and leave are one tap, which opens it below.
        onPointerEnter={(event) => {
          if (event.pointerType === 'mouse') setOpen(true);
        }}
        onPointerLeave={(event) => {
          if (event.pointerType === 'mouse') setOpen(false);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onClick={() => setOpen(true)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setOpen(false);
        }}
      >
        <Group gap={4} wrap="nowrap" justify="space-between" align="flex-start">
          <Text id={`${id}-label`} size="sm" fw={600} c="gray.7">
            {figure.label}
          </Text>
          <IconInfoCircle size={16} aria-hidden style={{ flexShrink: 0, opacity: 0.6 }} />
        </Group>
        <VisuallyHidden id={`${id}-hint`}>{figure.hint}</VisuallyHidden>
        {value === null ? (
          <Skeleton height={24} mt={6} width="70%" />
        ) : (
          <Text fz="xl" fw={700} mt={4}>
            <Money value={value} />
          </Text>
        )}
      </Paper>
    </Tooltip>
  );
}

/** The statement's five figures (STATEMENT_FIGURES' labels and hints), each from the server's answer. */
export function StatementFigures({ totals }: { totals: StatementTotals | undefined }) {
  return (
    <Box className={classes.grid}>
      {STATEMENT_FIGURES.map((figure) => (
        <FigureCard key={figure.key} figure={figure} value={totals ? totals[figure.key] : null} />
      ))}
    </Box>
  );
}
