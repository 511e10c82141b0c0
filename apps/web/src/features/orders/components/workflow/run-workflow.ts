import { notifications } from '@mantine/notifications';

import { isApiError } from '@/api/client';

/**
 * Runs a workflow call. A 409 means the order moved on meanwhile (someone else acted first): it is shown as
 * a notification with the server's message, and the call's mutation has already refetched the order.
 * Answers whether the call went through; any other failure is thrown for the dialog to show.
 */
export async function runWorkflow(call: () => Promise<unknown>): Promise<boolean> {
  try {
    await call();
    return true;
  } catch (error) {
    if (isApiError(error) && error.status === 409) {
      notifications.show({ color: 'orange', title: 'This order has moved on', message: error.message });
      return false;
    }
    throw error;
  }
}
