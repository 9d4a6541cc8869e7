/**
 * Sample requests without zod (islands import this): the states, who may move a request from which state to
 * which, and the limits of what people type. The server checks the same table in one place.
 */
import { calendarDay, MARKET_UTC_OFFSET } from '../format-time';

export const SAMPLE_REQUEST_STATES = ['submitted', 'accepted', 'rejected', 'shipped', 'received', 'cancelled'] as const;
export type SampleRequestState = (typeof SAMPLE_REQUEST_STATES)[number];

export const SAMPLE_REQUEST_SIDES = ['buyer', 'supplier'] as const;
export type SampleRequestSide = (typeof SAMPLE_REQUEST_SIDES)[number];
export const SAMPLE_REQUEST_ACTIONS = ['accept', 'reject', 'ship', 'cancel', 'receive'] as const;
export type SampleRequestAction = (typeof SAMPLE_REQUEST_ACTIONS)[number];

/** The only moves there are: no state is skipped and each side moves only its own steps. */
export const TRANSITIONS: Record<SampleRequestAction, { side: SampleRequestSide; from: SampleRequestState; to: SampleRequestState }> = {
  accept: { side: 'supplier', from: 'submitted', to: 'accepted' },
  reject: { side: 'supplier', from: 'submitted', to: 'rejected' },
  ship: { side: 'supplier', from: 'accepted', to: 'shipped' },
  cancel: { side: 'buyer', from: 'submitted', to: 'cancelled' },
  receive: { side: 'buyer', from: 'shipped', to: 'received' },
};

/** What `side` may do with a request in `state`. */
export function actionsFor(side: SampleRequestSide, state: SampleRequestState): SampleRequestAction[] {
  return SAMPLE_REQUEST_ACTIONS.filter((a) => TRANSITIONS[a].side === side && TRANSITIONS[a].from === state);
}

/** The happy path a timeline draws ahead of the request; rejected and cancelled end it early. */
export const SAMPLE_REQUEST_PATH: readonly SampleRequestState[] = ['submitted', 'accepted', 'shipped', 'received'];

export const NOTE_MAX = 200;
export const REJECT_REASON_MAX = 200;
export const CARRIER_MAX = 40;
/** Tracking numbers of Chinese and international carriers: letters, digits and dashes. */
export const TRACKING_NO_PATTERN = /^[A-Za-z0-9-]{4,40}$/;
/** Carriers offered in the ship dialog; any other name can be typed. */
export const COMMON_CARRIERS = ['顺丰速运', '京东物流', 'EMS', '中通快递', '圆通速递', '韵达快递', '申通快递', 'DHL', 'FedEx', 'UPS'] as const;

/**
 * A request's number as people quote it: the day it was made and its id, e.g. SR20261122-000042. Buyer and supplier
 * quote the same number wherever they are, so its day is the marketplace's (China Standard Time), not the viewer's.
 */
export function requestNumber(id: number, createdAt: string): string {
  return `SR${calendarDay(createdAt, MARKET_UTC_OFFSET).replaceAll('-', '')}-${String(id).padStart(6, '0')}`;
}

/** An Idempotency-Key header (docs/architecture.md#contracts): printable ASCII, as clients generate (UUIDs, ULIDs). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
