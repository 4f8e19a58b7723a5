/** A unique value (an e-mail, a username, a vendor code) was claimed by one holder. */
export type UniqueValueReserved = { type: 'UniqueValueReserved'; data: { kind: string; value: string; holder: string } };
/** The holder gave the unique value up; anyone may claim it again. */
export type UniqueValueReleased = { type: 'UniqueValueReleased'; data: { kind: string; value: string; holder: string } };

export type ReservationEvent = UniqueValueReserved | UniqueValueReleased;
