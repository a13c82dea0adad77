/** Colour helpers for the organization's brand colours (#RRGGBB). */

const HEX = /^#?([\da-f]{2})([\da-f]{2})([\da-f]{2})$/i;

export const isHexColor = (value: unknown): value is string => typeof value === 'string' && /^#[\da-f]{6}$/i.test(value.trim());

/** "#2563eb" -> [37, 99, 235], darkened by `shade` (0..1); null for anything else. */
export function hexToChannels(hex: string, shade = 0): [number, number, number] | null {
  const match = HEX.exec(hex.trim());
  if (!match) return null;
  const [r, g, b] = match.slice(1).map((part) => Math.round(parseInt(part, 16) * (1 - shade)));
  return [r, g, b];
}

/** "#2563eb" -> "37, 99, 235", the form of Bootstrap's `*-rgb` variables. */
export function hexToRgb(hex: string, shade = 0): string | null {
  return hexToChannels(hex, shade)?.join(', ') ?? null;
}

/** WCAG relative luminance of a colour (0 black .. 1 white). */
function luminance([r, g, b]: [number, number, number]) {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio of two colours (1 to 21); null if either is not a colour. */
export function contrastRatio(hex: string, other: string): number | null {
  const a = hexToChannels(hex);
  const b = hexToChannels(other);
  if (!a || !b) return null;
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA for text of normal size. */
export const AA_CONTRAST = 4.5;

/**
 * The readable text colour on top of `hex`: white, or near-black on light colours (whichever
 * contrasts more), so any brand colour an administrator picks keeps buttons and badges legible.
 */
export function contrastText(hex: string): string {
  const channels = hexToChannels(hex);
  if (!channels) return '#ffffff';
  const l = luminance(channels);
  const onWhite = 1.05 / (l + 0.05);
  const onDark = (l + 0.05) / (luminance([17, 24, 39]) + 0.05);
  return onWhite >= onDark ? '#ffffff' : '#111827';
}
