import { Body, Controller, Inject, Param, Req, Res } from '@nestjs/common';
import { CLOCK, type Clock, RequiresLogin } from '@planwerk/platform';
import {
  addItemBody,
  addItemEndpoint,
  addListBody,
  addListEndpoint,
  addPhaseBody,
  addPhaseEndpoint,
  changeProjectLockBody,
  changeProjectLockEndpoint,
  changeProjectStatusBody,
  changeProjectStatusEndpoint,
  changeProjectVisibilityBody,
  changeProjectVisibilityEndpoint,
  copyItemBody,
  copyItemEndpoint,
  copyListBody,
  copyListEndpoint,
  copyPhaseBody,
  copyPhaseEndpoint,
  copyProjectBody,
  copyProjectEndpoint,
  createFromPresetBody,
  createProjectBody,
  createProjectEndpoint,
  createProjectFromPresetEndpoint,
  DomainError,
  editItemBody,
  editItemEndpoint,
  editListBody,
  editListEndpoint,
  editListsBody,
  editListsEndpoint,
  editPhaseBody,
  editPhaseEndpoint,
  editProjectBody,
  editProjectEndpoint,
  inviteToProjectBody,
  inviteToProjectEndpoint,
  moveListBody,
  moveListEndpoint,
  purgeProjectEndpoint,
  removeItemEndpoint,
  removeListEndpoint,
  removePhaseEndpoint,
  removePresetColumnEndpoint,
  savePresetColumnBody,
  savePresetColumnEndpoint,
  sortItemsBody,
  sortItemsEndpoint,
  sortListsBody,
  sortListsEndpoint,
  sortPhasesBody,
  sortPhasesEndpoint,
  type EndpointDefinition,
} from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RequiresTeamAccess, teamAccessOf } from '../shared/access/requires-team-access.decorator';
import { CommandRunner, type CommandContext } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { ProjectInvitesService } from './project-invites.service';
import { ProjectsService, type ProjectCaller } from './projects.service';

const uuid = z.uuid();
const projectParams = z.object({ projectId: uuid }).loose();
const phaseParams = z.object({ projectId: uuid, phaseId: uuid }).loose();
const listParams = z.object({ projectId: uuid, listId: uuid }).loose();
const itemParams = z.object({ projectId: uuid, listId: uuid, itemId: uuid }).loose();
const presetParams = z.object({ presetId: uuid }).loose();
const columnParams = z.object({ columnId: uuid }).loose();

// Management routes of ADR 0006: login, then team access area manage_prj with the project as
// item (preset columns: manage_preset); the service answers 404 for a project of another team.
const PROJECT = { kind: 'area', area: 'manage_prj', item: 'param:projectId' } as const;
const PROJECTS = { kind: 'area', area: 'manage_prj' } as const;
const PRESETS = { kind: 'area', area: 'manage_preset' } as const;

type Handler<T> = (caller: ProjectCaller, context: CommandContext) => Promise<T>;

@Controller()
export class ProjectsHttp {
  constructor(
    private readonly runner: CommandRunner,
    private readonly projects: ProjectsService,
    private readonly invites: ProjectInvitesService,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @RequiresLogin()
  @RequiresTeamAccess(PROJECTS)
  @Endpoint(createProjectEndpoint)
  create(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(createProjectEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.projects.create(caller, parseInput(createProjectBody, body), metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(editProjectEndpoint)
  edit(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(editProjectEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.edit(caller, projectId, parseInput(editProjectBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(changeProjectVisibilityEndpoint)
  changeVisibility(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(changeProjectVisibilityEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.changeVisibility(caller, projectId, parseInput(changeProjectVisibilityBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(changeProjectStatusEndpoint)
  changeStatus(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(changeProjectStatusEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.changeStatus(caller, projectId, parseInput(changeProjectStatusBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(changeProjectLockEndpoint)
  changeLock(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(changeProjectLockEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.changeLock(caller, projectId, parseInput(changeProjectLockBody, body).locked, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(purgeProjectEndpoint)
  purge(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(purgeProjectEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.projects.purge(caller, parseInput(projectParams, params).projectId, metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(copyProjectEndpoint)
  copy(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(copyProjectEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.copy(caller, projectId, parseInput(copyProjectBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECTS)
  @Endpoint(createProjectFromPresetEndpoint)
  createFromPreset(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(createProjectFromPresetEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { presetId } = parseInput(presetParams, params);
      return this.projects.createFromPreset(caller, presetId, parseInput(createFromPresetBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(addPhaseEndpoint)
  addPhase(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(addPhaseEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.addPhase(caller, projectId, parseInput(addPhaseBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(editPhaseEndpoint)
  editPhase(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(editPhaseEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, phaseId } = parseInput(phaseParams, params);
      return this.projects.editPhase(caller, projectId, phaseId, parseInput(editPhaseBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(removePhaseEndpoint)
  removePhase(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(removePhaseEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, phaseId } = parseInput(phaseParams, params);
      return this.projects.removePhase(caller, projectId, phaseId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(copyPhaseEndpoint)
  copyPhase(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(copyPhaseEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, phaseId } = parseInput(phaseParams, params);
      return this.projects.copyPhase(caller, projectId, phaseId, parseInput(copyPhaseBody, body ?? {}), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(sortPhasesEndpoint)
  sortPhases(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(sortPhasesEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      const input = parseInput(sortPhasesBody, body);
      return this.projects.sortPhases(caller, projectId, input.folderId, input.order, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(addListEndpoint)
  addList(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(addListEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, phaseId } = parseInput(phaseParams, params);
      return this.projects.addList(caller, projectId, phaseId, parseInput(addListBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(editListEndpoint)
  editList(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(editListEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.editList(caller, projectId, listId, parseInput(editListBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(removeListEndpoint)
  removeList(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(removeListEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.removeList(caller, projectId, listId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(copyListEndpoint)
  copyList(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(copyListEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.copyList(caller, projectId, listId, parseInput(copyListBody, body ?? {}), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(moveListEndpoint)
  moveList(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(moveListEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.moveList(caller, projectId, listId, parseInput(moveListBody, body).phaseId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(sortListsEndpoint)
  sortLists(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(sortListsEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, phaseId } = parseInput(phaseParams, params);
      return this.projects.sortLists(caller, projectId, phaseId, parseInput(sortListsBody, body).order, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(editListsEndpoint)
  editLists(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(editListsEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.projects.editLists(caller, projectId, parseInput(editListsBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(addItemEndpoint)
  addItem(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(addItemEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.addItem(caller, projectId, listId, parseInput(addItemBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(editItemEndpoint)
  editItem(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(editItemEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId, itemId } = parseInput(itemParams, params);
      return this.projects.editItem(caller, projectId, listId, itemId, parseInput(editItemBody, body), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(removeItemEndpoint)
  removeItem(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(removeItemEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId, itemId } = parseInput(itemParams, params);
      return this.projects.removeItem(caller, projectId, listId, itemId, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(copyItemEndpoint)
  copyItem(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(copyItemEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId, itemId } = parseInput(itemParams, params);
      return this.projects.copyItem(caller, projectId, listId, itemId, parseInput(copyItemBody, body ?? {}), metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(sortItemsEndpoint)
  sortItems(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(sortItemsEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId, listId } = parseInput(listParams, params);
      return this.projects.sortItems(caller, projectId, listId, parseInput(sortItemsBody, body).order, metadata, ids);
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PROJECT)
  @Endpoint(inviteToProjectEndpoint)
  invite(@Param() params: unknown, @Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(inviteToProjectEndpoint, request, reply, (caller, { metadata, ids }) => {
      const { projectId } = parseInput(projectParams, params);
      return this.invites.invite(caller, projectId, parseInput(inviteToProjectBody, body), metadata, ids, this.clock.now());
    });
  }

  @RequiresLogin()
  @RequiresTeamAccess(PRESETS)
  @Endpoint(savePresetColumnEndpoint)
  savePresetColumn(@Body() body: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(savePresetColumnEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.projects.savePresetColumn(caller, parseInput(savePresetColumnBody, body), metadata, ids));
  }

  @RequiresLogin()
  @RequiresTeamAccess(PRESETS)
  @Endpoint(removePresetColumnEndpoint)
  removePresetColumn(@Param() params: unknown, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.run(removePresetColumnEndpoint, request, reply, (caller, { metadata, ids }) =>
      this.projects.removePresetColumn(caller, parseInput(columnParams, params).columnId, metadata, ids));
  }

  private run<T>(endpoint: EndpointDefinition, request: FastifyRequest, reply: FastifyReply, handler: Handler<T>) {
    const grant = teamAccessOf(request);
    return this.runner.run(endpoint, request, reply, (context) => {
      if (context.request.actor.kind !== 'user') throw new DomainError(6011);
      return handler({ teamId: grant.teamId, userId: context.request.actor.id, level: grant.member.level }, context);
    });
  }
}
