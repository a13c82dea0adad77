import { currentLanguage, i18n } from '@client/lib/i18n';
import { messageText } from '@shared/messages';
import { configureZod } from '@shared/schemas/common';
import { registerMessageTexts } from './field-error';

// Zod, the shared schemas and their messages are not in the first download (the sign-in page
// and the app shell do without them): they arrive here, with the first form that validates.
configureZod(currentLanguage());
i18n.on('languageChanged', () => configureZod(currentLanguage()));
registerMessageTexts(messageText);

/** The resolver of every react-hook-form form (import it from here, not from @hookform/resolvers). */
export { zodResolver } from '@hookform/resolvers/zod';
