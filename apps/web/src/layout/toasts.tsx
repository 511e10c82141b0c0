// Mantine's toast container, in a module of its own so that main.tsx can load it after the first screen
// (importing the package itself lazily would not split it: the error gate imports the package's store).
import '@mantine/notifications/styles.css';

export { Notifications } from '@mantine/notifications';
