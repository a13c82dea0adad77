import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useUser } from '@client/lib/auth';
import { brandingQueryKey, toBranding, useBranding } from '@client/lib/branding';
import { contrastText, hexToRgb } from '@client/lib/colors';
import '../branding.css';
import { useLiveEvents } from '@client/lib/live-events';
import type { Branding } from '@shared/branding';

/**
 * The organization's colours as CSS variables for the whole interface (Bootstrap's own and
 * `--vec-*`, used by app.css and app/branding.css), plus its description and icon.
 */
function applyBranding(branding: Branding) {
  const root = document.documentElement.style;
  const colours: Array<[string, string]> = [
    ['primary', branding.primaryColor],
    ['secondary', branding.secondaryColor],
    ['accent', branding.accentColor],
    ['text', branding.textColor],
    ['background', branding.backgroundColor],
  ];
  for (const [name, value] of colours) {
    const rgb = hexToRgb(value);
    if (!rgb) continue; // a value that is not a colour keeps the previous one
    root.setProperty(`--vec-${name}`, value);
    root.setProperty(`--vec-${name}-rgb`, rgb);
    root.setProperty(`--vec-${name}-contrast`, contrastText(value));
  }
  // Bootstrap's primary becomes the brand colour everywhere (bg-primary, text-primary, links).
  // Its secondary stays the neutral grey the components rely on; the brand's secondary and
  // accent are --vec-secondary / --vec-accent (brand badges, header strip, highlights).
  root.setProperty('--bs-primary', 'var(--vec-primary)');
  root.setProperty('--bs-primary-rgb', 'var(--vec-primary-rgb)');
  root.setProperty('--bs-link-color', 'var(--vec-primary)');
  root.setProperty('--bs-link-color-rgb', 'var(--vec-primary-rgb)');
  const hover = hexToRgb(branding.primaryColor, 0.2);
  if (hover) {
    root.setProperty('--vec-primary-hover-rgb', hover);
    root.setProperty('--bs-link-hover-color', `rgb(${hover})`);
    root.setProperty('--bs-link-hover-color-rgb', hover);
  }
  // The text colour for body text, tables (emphasis) and muted text alike.
  root.setProperty('--bs-body-color', 'var(--vec-text)');
  root.setProperty('--bs-body-color-rgb', 'var(--vec-text-rgb)');
  root.setProperty('--bs-emphasis-color', 'var(--vec-text)');
  root.setProperty('--bs-emphasis-color-rgb', 'var(--vec-text-rgb)');
  root.setProperty('--bs-secondary-color', 'rgba(var(--vec-text-rgb), 0.75)');
  root.setProperty('--bs-secondary-color-rgb', 'var(--vec-text-rgb)');
  root.setProperty('--bs-tertiary-color', 'rgba(var(--vec-text-rgb), 0.5)');
  root.setProperty('--bs-tertiary-color-rgb', 'var(--vec-text-rgb)');

  document.querySelector('meta[name="description"]')?.setAttribute('content', branding.appDescription);
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', branding.primaryColor);
  document.querySelector('link[rel="icon"]')?.setAttribute('href', branding.logo ?? '/favicon.svg');
}

/**
 * Applies the branding in force and keeps it current: a `settings.updated` event of the user's
 * own organization carries the new branding, which replaces the cached one at once (colours,
 * names, module switches: every screen reading `useBranding()` follows without a reload).
 * Administrators of a master organization also hear their client organizations' events;
 * those are not theirs to apply.
 */
export function BrandingEffects() {
  const branding = useBranding();
  const queryClient = useQueryClient();
  const organizationId = useUser().data?.organizationId;

  useLiveEvents((event) => {
    if (event.type !== 'settings.updated' || event.organizationId !== organizationId) return;
    // The schema (and zod) load with the first such event, not with every page.
    void import('@shared/schemas/settings').then(({ BrandingSchema }) => {
      const parsed = BrandingSchema.safeParse(event.payload);
      if (parsed.success) queryClient.setQueryData(brandingQueryKey(), toBranding(parsed.data));
      else void queryClient.invalidateQueries({ queryKey: brandingQueryKey() });
    });
  });

  useEffect(() => {
    applyBranding(branding);
  }, [branding]);
  return null;
}
