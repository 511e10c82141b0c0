/**
 * Order lines newly given to a partner, told after the change has committed (issue 25): one per partner and
 * order of one change, however many of its lines moved. modules/alerts answers it with pushes and a
 * live event; the orders workflow calls it when staff assign lines.
 */
export interface NewOrderForPartner {
  partnerId: number;
  order: { id: number; name: string };
  lineCount: number;
}
export type AnnounceNewOrders = (news: NewOrderForPartner[]) => void;

/** One entry per (partner, order) of the lines given, the lines counted. */
export function newOrdersOf(
  order: { id: number; name: string },
  lines: readonly { partnerId: number | null }[],
): NewOrderForPartner[] {
  const counts = new Map<number, number>();
  for (const l of lines)
    if (l.partnerId !== null) counts.set(l.partnerId, (counts.get(l.partnerId) ?? 0) + 1);
  return [...counts].map(([partnerId, lineCount]) => ({ partnerId, order, lineCount }));
}
