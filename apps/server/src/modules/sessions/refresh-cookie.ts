import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { AppConfig } from "../../platform/config";
import { SESSION_TTL_SECONDS } from "./session-service";

/** The refresh token rides in an httpOnly, SameSite=Strict cookie scoped to /api: scripts never see it. */
export const REFRESH_COOKIE = "velvet_refresh";

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, refreshToken: string): void {
  reply.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: "strict",
    secure: config.appUrl.startsWith("https:"),
    path: "/api",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: "strict",
    secure: config.appUrl.startsWith("https:"),
    path: "/api",
  });
}

export function readRefreshCookie(request: FastifyRequest): string | undefined {
  return request.cookies[REFRESH_COOKIE] || undefined;
}
