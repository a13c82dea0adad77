import { LegalDocument } from '../components/LegalDocument';

/** /terms: the terms and conditions linked from registration. */
export default function TermsPage() {
  return <LegalDocument name="terms" />;
}
