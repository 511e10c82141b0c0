import { Portal } from '@mantine/core';

import type { OrderDetail } from '@bloomline/contract';

import { formatDay } from '@/ui';

import { recipientName } from '../recipient-name';
import classes from './print-note.module.css';

/**
 * The printed delivery note: order number, delivery date, recipient and address, items with quantities and
 * gift messages. It lives beside the app root, which print hides, so no header, menu or button reaches paper.
 */
export function PrintNote({ order }: { order: OrderDetail }) {
  const address = [
    order.company,
    order.address1,
    order.address2,
    order.city,
    order.postalCode,
    order.country,
  ].filter(Boolean);
  return (
    <Portal>
      <div className={classes.note} aria-hidden>
        <h1>Delivery note {order.name}</h1>
        <div>Delivery date: {formatDay(order.deliveryDate)}</div>
        {order.isCollection && <div>Order will be collected</div>}

        <h2>Recipient</h2>
        <div>{recipientName(order) || '—'}</div>
        {order.phone && <div>Tel: {order.phone}</div>}
        {address.map((line, i) => (
          <div key={i}>{line}</div>
        ))}

        {order.notes && (
          <>
            <h2>Special order instructions</h2>
            <div style={{ whiteSpace: 'pre-line' }}>{order.notes}</div>
          </>
        )}

        <h2>Items</h2>
        <table>
          <thead>
            <tr>
              <th>Qty</th>
              <th>Item</th>
              <th>Gift message</th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.id}>
                <td>{line.quantity}</td>
                <td>
                  {line.title}
                  {line.variantTitle ? ` (${line.variantTitle})` : ''}
                  {line.customName ? ` — ${line.customName}` : ''}
                </td>
                <td style={{ whiteSpace: 'pre-line' }}>{line.giftMessage ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Portal>
  );
}
