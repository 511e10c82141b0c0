// Mantine's toast container, in a module of its own so that main.tsx can load it after the first screen
// (importing the package itself lazily would not split it: the error gate imports the package's store).
import '@mantine/notifications/styles.css';

import { Notifications as MantineNotifications, type NotificationsProps } from '@mantine/notifications';

import classes from './toasts.module.css';

/**
 * The toasts, placed below the signed-in header (`header-height.ts`): at the top they covered its Logout and
 * Menu buttons (issue 36). Mantine draws a container per position; only the top ones move.
 */
export function Notifications(props: NotificationsProps) {
  return <MantineNotifications classNames={{ root: classes.root }} {...props} />;
}
