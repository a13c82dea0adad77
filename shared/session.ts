/**
 * The readable cookie the server keeps beside the httpOnly session cookie (server/session/hint.ts):
 * present while a session may exist, so the client asks for the signed-in user only then.
 */
export const SESSION_HINT_COOKIE = 'vecindad.session';
