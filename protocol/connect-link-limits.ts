/** A connect link's limits (spec 2 §9), without the schemas of connections.ts: what the UI shows needs no zod. */

/** Connect link defaults (spec 2 §9): 7 days, 10 uses. */
export const CONNECT_LINK_TTL_SECONDS = 604_800;
export const CONNECT_LINK_MAX_CLICKS = 10;
/** Bounds Plaza chose (the spec gives only the defaults). */
export const CONNECT_LINK_TTL_RANGE = { min: 3_600, max: 30 * 86_400 } as const;
export const CONNECT_LINK_CLICKS_RANGE = { min: 1, max: 1_000 } as const;
/**
 * What a refused number of uses says, whatever is wrong with it (none, 0, too many, not whole): the range,
 * which is what to type. The same text from the form and from the schema.
 */
export const CONNECT_LINK_CLICKS_MESSAGE = `A link can be used ${CONNECT_LINK_CLICKS_RANGE.min} to ${CONNECT_LINK_CLICKS_RANGE.max} times.`;
