/**
 * Assemblies and voting (docs/modules/assemblies.md): the states, the rules and the exact
 * arithmetic of results, shared by the server (which decides) and the screens (which show).
 */
export const ASSEMBLY_KINDS = ['ordinary', 'extraordinary'] as const;
export type AssemblyKind = (typeof ASSEMBLY_KINDS)[number];
export const ASSEMBLY_STATUSES = ['draft', 'convened', 'in_session', 'closed', 'cancelled'] as const;
export type AssemblyStatus = (typeof ASSEMBLY_STATUSES)[number];
export const ITEM_KINDS = ['informative', 'vote'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];
export const ITEM_STATUSES = ['pending', 'open', 'closed'] as const;
export type ItemStatus = (typeof ITEM_STATUSES)[number];
export const MAJORITIES = ['simple', 'absolute', 'two_thirds', 'unanimous'] as const;
export type Majority = (typeof MAJORITIES)[number];
export const WEIGHTINGS = ['share', 'unit'] as const;
export type Weighting = (typeof WEIGHTINGS)[number];
export const PROXY_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ProxyStatus = (typeof PROXY_STATUSES)[number];
export const ATTENDANCE_VIA = ['room', 'online'] as const;
export type AttendanceVia = (typeof ATTENDANCE_VIA)[number];

export const DEFAULT_OPTIONS = ['Sí', 'No', 'Abstención'];
/** Options that count as abstaining: cast (the unit voted) but never for or against. */
const ABSTENTIONS = new Set(['abstención', 'abstencion', 'abstain', 'abstention']);
export const isAbstention = (option: string) => ABSTENTIONS.has(option.trim().toLowerCase());
/** Default second call: 30 minutes after the first. */
export const SECOND_CALL_MINUTES = 30;
/** First call quorum: more than this percentage of the shares present (default). */
export const DEFAULT_FIRST_CALL_QUORUM = 50;
/** The notice warns when it goes out fewer days than this before the first call (default). */
export const DEFAULT_NOTICE_DAYS = 8;
/** The range an organization may set for it (system settings, Asambleas). */
export const MIN_NOTICE_DAYS = 1;
export const MAX_NOTICE_DAYS = 90;

/** A unit's share (0 to 100, 4 decimals) as an integer of ten-thousandths: sums are exact. */
export const shareUnits = (share: number | string | null | undefined) => Math.round(Number(share ?? 0) * 10_000);

export type Quorum = {
  call: 'first' | 'second';
  /** Shares present and of all the units (ten-thousandths of a percentage point, integers). */
  presentWeight: number;
  totalWeight: number;
  presentUnits: number;
  totalUnits: number;
  /** The first call's threshold (percent of the shares, strictly more than). */
  required: number;
  reached: boolean;
};

/** Whether the quorum is reached: first call more than `required` % of the shares, second call any unit present. */
export function quorumReached(call: 'first' | 'second', presentWeight: number, totalWeight: number, presentUnits: number, required: number) {
  if (call === 'second') return presentUnits > 0;
  return totalWeight > 0 && presentWeight * 100 > totalWeight * required;
}

export type Ballot = { option: string; weight: number };
export type Tally = {
  options: Array<{ option: string; units: number; weight: number }>;
  /** The weight of every unit that may vote on the item (shares or units, integers). */
  eligibleWeight: number;
  /** The weight of the ballots cast (abstentions included). */
  castWeight: number;
  castUnits: number;
};
export type ItemResult = Tally & { winner: string | null; passed: boolean; tie: boolean };

export function tallyOf(options: string[], ballots: Ballot[], eligibleWeight: number): Tally {
  const rows = options.map((option) => ({ option, units: 0, weight: 0 }));
  for (const ballot of ballots) {
    const row = rows.find((candidate) => candidate.option === ballot.option);
    if (!row) continue;
    row.units += 1;
    row.weight += ballot.weight;
  }
  return {
    options: rows,
    eligibleWeight,
    castWeight: rows.reduce((sum, row) => sum + row.weight, 0),
    castUnits: rows.reduce((sum, row) => sum + row.units, 0),
  };
}

/**
 * The result of a closed vote, in integers only. The winner is the option (not an abstention)
 * with the most weight; a tie for the most has no winner and decides nothing. It passes when
 * its weight meets the majority:
 * - `simple`: more than half of the weight cast for options that are not abstentions;
 * - `absolute`: more than half of the eligible weight (all the units that may vote, whatever
 *   their shares add up to);
 * - `two_thirds`: at least two thirds of the eligible weight;
 * - `unanimous`: all of the eligible weight.
 */
export function resultOf(majority: Majority, tally: Tally): ItemResult {
  const counted = tally.options.filter((row) => !isAbstention(row.option));
  const top = Math.max(0, ...counted.map((row) => row.weight));
  const leaders = counted.filter((row) => row.weight === top && top > 0);
  const tie = leaders.length > 1;
  const winner = leaders.length === 1 ? leaders[0] : null;
  const decisive = counted.reduce((sum, row) => sum + row.weight, 0);
  let passed = false;
  if (winner) {
    const w = winner.weight;
    const e = tally.eligibleWeight;
    if (majority === 'simple') passed = w * 2 > decisive;
    else if (majority === 'absolute') passed = w * 2 > e;
    else if (majority === 'two_thirds') passed = w * 3 >= e * 2;
    else passed = e > 0 && w === e;
  }
  return { ...tally, winner: winner?.option ?? null, passed, tie };
}

/** Actions the API offers on an assembly (its `actions`). */
export const ASSEMBLY_ACTIONS = ['edit', 'convene', 'start', 'close', 'cancel', 'checkIn', 'manageItems', 'proxies', 'vote', 'markPresent'] as const;
export type AssemblyAction = (typeof ASSEMBLY_ACTIONS)[number];
