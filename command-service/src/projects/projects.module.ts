import { Module, type DynamicModule } from '@nestjs/common';
import { ProjectInvitationReportHttp } from './project-invitation-report.http';
import { ProjectInvitationReportService } from './project-invitation-report.service';
import { ProjectInvitesService } from './project-invites.service';
import { ProjectSlotsHttp } from './project-slots.http';
import { ProjectSlotsService } from './project-slots.service';
import { ProjectRepository } from './project.repository';
import { parseProjectsConfig, PROJECTS_CONFIG, type ProjectsConfig } from './projects.config';
import { ProjectsHttp } from './projects.http';
import { ProjectsService } from './projects.service';

// Projects, phases, lists, items, copies, presets and preset columns (ADR 0006). The
// active-project slot port (ACTIVE_PROJECT_SLOTS) comes from the global TeamsModule; the slot
// endpoints are served here, beside the project decider (ProjectSlotsHttp).
// The embedded launcher passes its development mode; otherwise PLANWERK_DEV_MODE decides.
@Module({})
export class ProjectsModule {
  static forRoot(config?: ProjectsConfig): DynamicModule {
    return {
      module: ProjectsModule,
      controllers: [ProjectsHttp, ProjectSlotsHttp, ProjectInvitationReportHttp],
      providers: [{ provide: PROJECTS_CONFIG, useFactory: () => config ?? parseProjectsConfig(process.env) }, ProjectRepository, ProjectsService, ProjectInvitesService, ProjectInvitationReportService, ProjectSlotsService],
      exports: [ProjectRepository],
    };
  }
}
