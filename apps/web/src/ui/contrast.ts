import {
  darken,
  getPrimaryShade,
  lighten,
  luminance,
  parseThemeColor,
  type MantineColor,
  type MantineTheme,
} from '@mantine/core';

/** WCAG AA for normal-size text, which is what axe checks badges and buttons against. */
export const MIN_TEXT_CONTRAST = 4.5;

/**
 * The title of a light red alert: Mantine's red.9 is 4.48:1 on the alert's tint over the page's grey, just
 * short of 4.5; this red is 5.5:1 there.
 */
export const ALERT_TITLE_RED = '#b02525';

/** WCAG contrast ratio of two colours (hex or rgb). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Background, text and hover for a filled piece in `colour` (a theme colour such as 'red' or 'red.7', or any
 * CSS colour). Mantine's auto-contrast switches at a luminance of 0.3, which leaves white text on several
 * default shades below 4.5:1; choosing whichever of black and white contrasts more always clears it.
 */
export function filledColours(
  theme: MantineTheme,
  colour: string,
): { background: string; text: string; hover: string } {
  const background = parseThemeColor({ color: colour, theme, colorScheme: 'light' }).value;
  const dark = contrastRatio(background, theme.black) >= contrastRatio(background, theme.white);
  // The hover moves the background away from the text, so contrast only grows under the pointer.
  return dark
    ? { background, text: theme.black, hover: lighten(background, 0.12) }
    : { background, text: theme.white, hover: darken(background, 0.1) };
}

/** Props that give a filled Mantine Button readable text in `colour`, hover included. */
export function filledButtonTone(theme: MantineTheme, colour: string) {
  const { background, text, hover } = filledColours(theme, colour);
  return { variant: 'filled', color: background, c: text, style: { '--button-hover': hover } } as const;
}

/** The lightest shade of `colour`, from the primary shade on, that reads as text on a white page. */
export function readableShade(theme: MantineTheme, colour: MantineColor): string {
  const shades = theme.colors[colour] ?? theme.colors.gray;
  const from = getPrimaryShade(theme, 'light');
  return shades.slice(from).find((s) => contrastRatio(s, theme.white) >= MIN_TEXT_CONTRAST) ?? theme.black;
}
