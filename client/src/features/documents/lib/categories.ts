import { Building2, ClipboardList, FilePen, Folder, Landmark, Scale, type LucideIcon } from 'lucide-react';
import type { DocumentCategory } from '../api/get-documents';

export const CATEGORY_ICONS: Record<DocumentCategory, LucideIcon> = {
  regulations: Scale,
  contracts: FilePen,
  'meeting-minutes': ClipboardList,
  financial: Landmark,
  'property-info': Building2,
  other: Folder,
};
