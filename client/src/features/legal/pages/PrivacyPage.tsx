import { LegalDocument } from '../components/LegalDocument';

/** /privacy: what Vecindad keeps about people and why. */
export default function PrivacyPage() {
  return <LegalDocument name="privacy" />;
}
