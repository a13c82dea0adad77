import type { EventType, LiveEvent } from '../../shared/events';
import { walkInTag } from '../../shared/schemas/push';
import type { BroadcastEventPayload } from '../../shared/schemas/broadcasts';

/**
 * What reaches the phone as well as the inbox (docs/modules/push.md): the notification rules'
 * events listed here, to the same recipients. `always`: sent whatever the recipient's switches
 * say (emergencies); else the category's switch decides. `tag`: one notification on the device
 * per tag (a newer one replaces it); the inbox key by default. Events not here stay in the inbox.
 */
export type PushRule = { when?: (event: LiveEvent) => boolean; always?: (event: LiveEvent) => boolean; tag?: (event: LiveEvent) => string };

const isEmergency = (event: LiveEvent) => (event.payload as BroadcastEventPayload).broadcast?.category === 'emergency';
const emergencyBroadcast: PushRule = { when: isEmergency, always: () => true, tag: (event) => `broadcast-${event.subjectId}` };

export const PUSH_RULES: Partial<Record<EventType, PushRule>> = {
  'broadcast.created': emergencyBroadcast,
  'broadcast.updated': emergencyBroadcast,
  'visitor.walk_in_requested': { tag: (event) => walkInTag(event.subjectId!) },
  'package.logged': { always: (event) => Boolean(event.payload.perishable) },
  'package.reminder': {},
  'charge.reminder': {},
  'payment.recorded': {},
  'payment.rejected': {},
  'booking.confirmed': {},
  'booking.cancelled': {},
  'maintenance.updated': {},
  'maintenance.commented': {},
  'assembly.convened': {},
  // One notification on the phone per assembly's votes: the next vote replaces the last.
  'assembly.item_opened': { tag: (event) => `assembly-vote-${event.subjectId}` },
};

export const pushRuleFor = (type: string): PushRule | undefined => PUSH_RULES[type as EventType];
