import { Alert, Anchor, Box, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';

import { RETURN_REFUND_NOTICE, type OrderLine } from '@bloomline/contract';

import { Money, StatusBadge } from '@/ui';
import { ProductPicture } from '@/ui/product-picture';
import { paths } from '@/lib/paths';

import { StaffLineActions } from '../workflow/staff-line-actions';
import { KeyValues, type KeyValue } from './key-values';

export type LineCardProps = { orderId: number; line: OrderLine; isStaff: boolean };

/** A return's or refund's name: a link to its page for staff; partners cannot open those pages. */
function ClaimName({ name, to, isStaff }: { name: string; to: string; isStaff: boolean }) {
  if (!isStaff) return <>{name}</>;
  return (
    <Anchor component={Link} to={to} inherit>
      {name}
    </Anchor>
  );
}

function lineFacts(line: OrderLine, isStaff: boolean): KeyValue[] {
  const facts: KeyValue[] = [
    { key: 'size', label: 'Size', value: line.variantTitle ?? '—' },
    { key: 'quantity', label: 'Quantity', value: line.quantity },
    { key: 'value', label: 'Unit value', value: <Money value={line.value} /> },
  ];
  if (isStaff)
    facts.push({ key: 'partner', label: 'Partner', value: line.partner?.name ?? 'No partner assigned' });
  return facts;
}

/** One ordered item: picture, what to make, returns, messages, and (staff) what can be done with it. */
export function LineCard({ orderId, line, isStaff }: LineCardProps) {
  const headingId = useId();
  const returnedOrRefunded = line.returns.length > 0 || line.hasRefund;

  return (
    <Paper component="article" aria-labelledby={headingId} withBorder p="md" radius="md">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ProductPicture
          key={line.image?.url ?? 'none'}
          image={line.image}
          title={line.title}
          size={{ base: 64, sm: 96 }}
        />
        <Stack gap="xs" style={{ flex: 1, minWidth: 0 }}>
          <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
            <Title order={3} size="h5" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {line.title}
            </Title>
            <StatusBadge status={line.status} partner={line.partner} />
          </Group>
          <KeyValues items={lineFacts(line, isStaff)} />
        </Stack>
      </Group>

      {line.product_components.length > 0 && (
        <Box mt="sm">
          <Text size="sm" fw={600}>
            Guidelines
          </Text>
          <List size="sm" spacing={2}>
            {line.product_components.map((text, i) => (
              <List.Item key={`${i}-${text}`}>{text}</List.Item>
            ))}
          </List>
        </Box>
      )}

      {(line.giftMessage || line.customName) && (
        <Stack gap={4} mt="sm">
          {line.giftMessage && (
            <Text size="sm">
              <Text span fw={600}>
                Gift message:{' '}
              </Text>
              <Text span style={{ whiteSpace: 'pre-line' }}>
                {line.giftMessage}
              </Text>
            </Text>
          )}
          {line.customName && (
            <Text size="sm">
              <Text span fw={600}>
                Custom name:{' '}
              </Text>
              {line.customName}
            </Text>
          )}
        </Stack>
      )}

      {line.returns.length > 0 && (
        <Box mt="sm">
          <Text size="sm" fw={600}>
            Returns
          </Text>
          <List size="sm" spacing={2}>
            {line.returns.map((r) => (
              <List.Item key={r.id}>
                <ClaimName name={r.name} to={paths.return(r.id)} isStaff={isStaff} />: {r.quantity} returned:{' '}
                {r.reason ?? 'no reason given'}
                {r.reasonNote ? ` (${r.reasonNote})` : ''}
              </List.Item>
            ))}
          </List>
        </Box>
      )}

      {line.refunds.length > 0 && (
        <Box mt="sm">
          <Text size="sm" fw={600}>
            Refunds
          </Text>
          <List size="sm" spacing={2}>
            {line.refunds.map((r) => (
              <List.Item key={r.id}>
                <ClaimName name={r.name} to={paths.refund(r.id)} isStaff={isStaff} />
              </List.Item>
            ))}
          </List>
        </Box>
      )}

      {returnedOrRefunded && (
        <Alert variant="light" color="orange" mt="sm" icon={<IconInfoCircle aria-hidden />} p="xs">
          <Text size="sm" c="dark">
            {RETURN_REFUND_NOTICE}
          </Text>
        </Alert>
      )}

      {isStaff && (
        <Box mt="sm">
          <StaffLineActions orderId={orderId} line={line} />
        </Box>
      )}
    </Paper>
  );
}
