import { Button, Notification, createTheme } from '@mantine/core';
import type { CSSVariablesResolver } from '@mantine/core';

import touch from './touch-targets.module.css';

export const theme = createTheme({
  primaryColor: 'grape',
  primaryShade: 8,
  defaultRadius: 'md',
  // Filled buttons pick black or white text by contrast, so every page passes axe's 4.5:1.
  autoContrast: true,
  luminanceThreshold: 0.179,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  // People who ask their phone or computer for less motion get menus, dialogs and pop-overs at once, without
  // the fades and slides (the app's own CSS does the same under prefers-reduced-motion).
  respectReducedMotion: true,
  components: {
    // At least 44 px high on a phone (touch-targets.module.css), one rule for every button of the app.
    Button: Button.extend({ classNames: { root: touch.button } }),
    // Every toast's close button has a name (axe button-name): Mantine's has none by default.
    Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
  },
});

/** Mantine's default error red and dimmed grey are about 3.3:1 on white; these darker shades pass. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-error': t.colors.red[9],
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-anchor': t.colors.grape[9],
  },
  dark: {},
});
