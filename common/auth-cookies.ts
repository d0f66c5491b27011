/** behaviour.md §3: the cookie that carries the auth token (HttpOnly: scripts never see it). */
export const TOKEN_COOKIE = "token";
