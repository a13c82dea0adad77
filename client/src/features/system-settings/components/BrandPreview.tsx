import type { CSSProperties } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { contrastText, hexToRgb } from '@client/lib/colors';

export type PreviewColors = Record<'primaryColor' | 'secondaryColor' | 'accentColor' | 'textColor' | 'backgroundColor', string>;

/**
 * The brand variables of app.css and branding.css, scoped to the preview: its buttons, links,
 * navigation item and badges use the same classes as the interface, in the chosen colours.
 */
function previewStyle(colors: PreviewColors): CSSProperties {
  const primaryRgb = hexToRgb(colors.primaryColor) ?? '37, 99, 235';
  const hoverRgb = hexToRgb(colors.primaryColor, 0.2) ?? primaryRgb;
  return {
    '--vec-primary': colors.primaryColor,
    '--vec-primary-rgb': primaryRgb,
    '--vec-primary-hover-rgb': hoverRgb,
    '--vec-primary-contrast': contrastText(colors.primaryColor),
    '--vec-secondary': colors.secondaryColor,
    '--vec-secondary-contrast': contrastText(colors.secondaryColor),
    '--vec-accent': colors.accentColor,
    '--vec-accent-rgb': hexToRgb(colors.accentColor),
    '--vec-accent-contrast': contrastText(colors.accentColor),
    '--vec-text': colors.textColor,
    '--vec-background': colors.backgroundColor,
    '--bs-link-color-rgb': primaryRgb,
    '--bs-link-hover-color-rgb': hoverRgb,
    '--bs-secondary-color': `rgba(${hexToRgb(colors.textColor) ?? '31, 41, 55'}, 0.75)`,
  } as CSSProperties;
}

/** How buttons, text, background, badges and navigation look with these colours. */
export function BrandPreview({ colors, appName }: { colors: PreviewColors; appName: string }) {
  const { t } = useTranslation('systemSettings');
  return (
    <section aria-labelledby="brand-preview-title">
      <h3 id="brand-preview-title" className="h6 mb-2">
        {t('appearance.preview.title')}
      </h3>
      <p className="small text-body-secondary mb-2">{t('appearance.preview.description')}</p>
      <div className="vec-brand-preview" style={previewStyle(colors)} data-testid="brand-preview" aria-hidden>
        <div className="vec-brand-preview-bar">
          <span className="vec-avatar rounded-circle" style={{ width: 24, height: 24, fontSize: 11 }}>
            {appName.trim()[0]?.toUpperCase() ?? 'V'}
          </span>
          <span className="text-truncate">{appName}</span>
        </div>
        <div className="p-3 d-flex flex-column gap-3">
          <span className="vec-nav-link active align-self-start">{t('appearance.preview.navItem')}</span>
          <div className="vec-brand-preview-card">
            <p className="fw-semibold mb-1">{t('appearance.preview.heading')}</p>
            <p className="mb-2">{t('appearance.preview.text')}</p>
            <p className="small text-body-secondary mb-2">{t('appearance.preview.muted')}</p>
            <div className="d-flex flex-wrap gap-2 mb-2">
              <span className="badge vec-badge-secondary">{t('appearance.preview.secondaryBadge')}</span>
              <span className="badge vec-badge-accent">{t('appearance.preview.accentBadge')}</span>
            </div>
            <a href="#brand-preview-title" onClick={(event) => event.preventDefault()} tabIndex={-1}>
              {t('appearance.preview.link')}
            </a>
          </div>
          <div className="d-flex flex-wrap gap-2">
            <Button size="sm" tabIndex={-1} data-testid="brand-preview-button">
              {t('appearance.preview.primaryButton')}
            </Button>
            <Button size="sm" variant="outline-primary" tabIndex={-1}>
              {t('appearance.preview.outlineButton')}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
