import { Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { RefundPartner } from '@bloomline/contract';

import { Money } from '@/ui';

import { Facts } from './facts';
import { RefundLines } from './refund-lines';

/** One partner's share of a refund: who bears it, what is deducted from their pay, by whom, and their lines. */
function PartnerShare({
  share,
  headingLevel,
  withLines,
}: {
  share: RefundPartner;
  headingLevel: 3 | 4;
  withLines: boolean;
}) {
  const headingId = useId();
  return (
    // A group, not a region: the same partner shares many refunds of a page, and landmarks must differ.
    <Paper role="group" aria-labelledby={headingId} withBorder radius="sm" p="sm" bg="gray.0">
      <Title order={headingLevel} size="h6" id={headingId} mb="xs" style={{ overflowWrap: 'anywhere' }}>
        {share.partner.name}
      </Title>
      <Stack gap="sm">
        <Facts
          cols={{ base: 2, sm: 3 }}
          items={[
            { key: 'responsible', label: 'Responsible', value: share.responsible ?? 'Not processed' },
            { key: 'deduction', label: 'Deduction', value: <Money value={share.refundDeduction} /> },
            { key: 'processedBy', label: 'Processed by', value: share.processedBy?.name },
          ]}
        />
        {withLines && <RefundLines lines={share.lines} label={`${share.partner.name}'s refunded lines`} />}
      </Stack>
    </Paper>
  );
}

/**
 * The refund's partners, each with their share and (unless the page lists the lines itself) their lines; a
 * refund of lines no partner made says so.
 */
export function RefundPartners({
  partners,
  headingLevel,
  withLines = true,
}: {
  partners: readonly RefundPartner[];
  headingLevel: 3 | 4;
  withLines?: boolean;
}) {
  if (partners.length === 0) {
    return (
      <Text size="sm" c="gray.7">
        No partners on this refund.
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      {partners.map((share) => (
        <PartnerShare key={share.id} share={share} headingLevel={headingLevel} withLines={withLines} />
      ))}
    </Stack>
  );
}
