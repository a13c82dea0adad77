import type { ReactNode } from 'react';
import { Offcanvas } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type SidebarDrawerProps = { show: boolean; onHide: () => void; title: string; children: ReactNode };

/**
 * The navigation as a drawer below 768 px (react-bootstrap's offcanvas: focus kept inside,
 * Escape and the backdrop close it, focus back on the menu button). Loaded when first opened.
 */
export default function SidebarDrawer({ show, onHide, title, children }: SidebarDrawerProps) {
  const { t } = useTranslation();
  return (
    <Offcanvas show={show} onHide={onHide} placement="start" id="app-sidebar" className="vec-sidebar" aria-labelledby="app-sidebar-title">
      <Offcanvas.Header closeButton closeLabel={t('layout.closeMenu')}>
        <Offcanvas.Title id="app-sidebar-title" as="h2" className="h5">
          {title}
        </Offcanvas.Title>
      </Offcanvas.Header>
      <Offcanvas.Body className="d-flex flex-column p-0 w-100">{children}</Offcanvas.Body>
    </Offcanvas>
  );
}
