import { Building2, ClipboardList, FilePen, Folder, Landmark, Scale, type LucideIcon } from 'lucide-react';
import { DOCUMENT_CATEGORIES } from '@shared/enums';
import type { DocumentCategory } from '../api/get-documents';

export const CATEGORY_ICONS: Record<DocumentCategory, LucideIcon> = {
  regulations: Scale,
  contracts: FilePen,
  'meeting-minutes': ClipboardList,
  financial: Landmark,
  'property-info': Building2,
  other: Folder,
};

export const isDocumentCategory = (value: string | null): value is DocumentCategory =>
  (DOCUMENT_CATEGORIES as readonly string[]).includes(value ?? '');
