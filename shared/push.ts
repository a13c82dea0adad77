/**
 * Web Push's small shared rules (docs/modules/push.md), without dependencies: the service
 * worker imports them. A walk-in's notification is tagged with its visitor so its buttons
 * ("Permitir" / "Denegar") answer the desk.
 */
export const WALK_IN_TAG_PREFIX = 'walk-in-';
export const walkInTag = (visitorId: number) => `${WALK_IN_TAG_PREFIX}${visitorId}`;
export const walkInOfTag = (tag: string): number | null => {
  const match = /^walk-in-(\d+)$/.exec(tag);
  return match ? Number(match[1]) : null;
};
