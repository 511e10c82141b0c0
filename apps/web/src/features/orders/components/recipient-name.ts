/** The recipient's first and last name, as one string ('' when neither is known). */
export function recipientName(order: { firstName: string | null; lastName: string | null }): string {
  return [order.firstName, order.lastName].filter(Boolean).join(' ');
}
