/**
 * The segment screens' "count the members" submission: the form as typed, posted (by the live
 * count as the rules change, or by its button without JavaScript), answered with the count and
 * changing nothing.
 */
export const MEMBER_COUNT_INTENT = "count";
