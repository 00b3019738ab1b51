import { Body, Controller, Delete, HttpCode, Inject, Param, Post, Put, Query, Req } from '@nestjs/common';
import {
  API_HEADERS,
  DomainError,
  LIVE_LOGIN_STATE,
  liveSocketLoginEndpoint,
  liveSocketLogoutEndpoint,
  liveSubscribeEndpoint,
  liveUnsubscribeEndpoint,
  liveWssLoginEndpoint,
  liveWssLogoutEndpoint,
  minCheckpointQuery,
  ok,
  PROJECT_PASSWORD_HEADER,
  socketLoginBody,
  socketUidBody,
  type ApiResponse,
  type Checkpoint,
  type MinCheckpointQuery,
} from '@planwerk/events';
import { PROJECT_TREE_PROJECTION } from '@planwerk/projector';
import type { FastifyRequest } from 'fastify';
import type { Pool } from 'pg';
import type { z } from 'zod';
import { PG_POOL } from '../app/tokens';
import { ZodQueryPipe } from '../app/zod-query.pipe';
import { signedInUser } from '../shared/auth/request-actor';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import { openPublicProjectView } from '../shared/projects/project-view.access';
import { ReadYourWrites } from '../shared/read-your-writes/read-your-writes';
import { LiveHub } from './live-hub';

const path = (endpoint: { path: string }): string => endpoint.path.slice(1).replace(/\{(\w+)\}/g, ':$1');
const header = (request: FastifyRequest, name: string): string | null => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value) ?? null;
};
const ID = /^[A-Za-z0-9_.:-]{1,100}$/;

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new DomainError('validation_failed', { field: issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body' });
}

interface SocketAnswer { sessionId: string; channel: 'main' | 'second' }

// The socket calls of spec section 7 (ADR 0009): they name the page's sockets by the
// x-session-id header (or, without it, the device's by x-device-id). That id is the client's
// own choice, so it only routes: a subscription of a signed-in caller is bound to its login
// session (only a socket that verified that session's token gets it), one of an anonymous
// caller is followed only where the socket itself may view the project, and a socket is never
// logged in over HTTP — only logged out.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller()
export class RealtimeHttp {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly hub: LiveHub,
    private readonly readYourWrites: ReadYourWrites,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post(path(liveSubscribeEndpoint))
  @HttpCode(200)
  async subscribe(
    @Req() request: FastifyRequest,
    @Param('id') id: string,
    @Query(new ZodQueryPipe(minCheckpointQuery)) query: MinCheckpointQuery,
  ): Promise<ApiResponse<SocketAnswer & { projectId: string; checkpoint: Checkpoint | null }>> {
    await this.readYourWrites.waitFor(PROJECT_TREE_PROJECTION, query.minCheckpoint);
    // The same rules as the public view: who may open the project may follow it.
    const opened = await openPublicProjectView(this.pool, {
      ref: { by: 'id', projectId: id },
      userId: signedInUser(request)?.userId ?? null,
      password: header(request, PROJECT_PASSWORD_HEADER),
      clientIp: request.ip,
      now: this.clock.now(),
    });
    const page = this.page(request);
    const checkpoint = await this.hub.httpSubscribe(page.id, signedInUser(request)?.sessionId ?? null, opened.projectId);
    return ok({ sessionId: page.id, channel: 'main', projectId: opened.projectId, checkpoint });
  }

  @Delete(path(liveUnsubscribeEndpoint))
  async unsubscribe(@Req() request: FastifyRequest, @Param('id') id: string): Promise<ApiResponse<SocketAnswer & { projectId: string }>> {
    // Project ids are UUIDs; anything else (a NUL byte included) never reaches SQL.
    if (!UUID.test(id)) throw new DomainError('validation_failed', { field: 'id' });
    const page = this.page(request);
    await this.hub.httpUnsubscribe(page.id, signedInUser(request)?.sessionId ?? null, id);
    return ok({ sessionId: page.id, channel: 'main', projectId: id });
  }

  @Put(path(liveWssLoginEndpoint))
  @RequiresLogin()
  login(@Req() request: FastifyRequest, @Body() body: unknown): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    return this.logIn(request, 'main', parse(socketUidBody, body).uid);
  }

  @Put(path(liveWssLogoutEndpoint))
  logout(@Req() request: FastifyRequest, @Body() body: unknown): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    return this.logOut(request, 'main', parse(socketUidBody, body).uid);
  }

  @Put(path(liveSocketLoginEndpoint))
  @RequiresLogin()
  socketLogin(@Req() request: FastifyRequest, @Body() body: unknown): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    return this.logIn(request, 'second', parse(socketLoginBody, body).uid);
  }

  @Put(path(liveSocketLogoutEndpoint))
  socketLogout(@Req() request: FastifyRequest, @Body() body: unknown): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    return this.logOut(request, 'second', parse(socketUidBody, body).uid);
  }

  private async logIn(request: FastifyRequest, channel: 'main' | 'second', uid: string | undefined): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    const user = signedInUser(request);
    if (!user) throw new DomainError(6011);
    // A socket is logged in as the caller only.
    if (uid !== undefined && uid !== user.userId) throw new DomainError('no_permission', { field: 'uid' });
    const page = this.page(request);
    // A socket's user comes only from a token the socket presents itself ({action:'login'});
    // this call cannot log in a socket that merely names the page's id. State 1: under way.
    return ok({ sessionId: page.id, channel, state: LIVE_LOGIN_STATE.pending });
  }

  private async logOut(request: FastifyRequest, channel: 'main' | 'second', uid: string): Promise<ApiResponse<SocketAnswer & { state: number }>> {
    const page = this.page(request);
    await this.hub.httpLogout(page.id, channel, uid);
    return ok({ sessionId: page.id, channel, state: LIVE_LOGIN_STATE.loggedOut });
  }

  private page(request: FastifyRequest): { id: string } {
    const id = header(request, API_HEADERS.sessionId) ?? header(request, API_HEADERS.deviceId);
    if (id === null || !ID.test(id)) throw new DomainError('validation_failed', { field: API_HEADERS.sessionId });
    return { id };
  }
}
