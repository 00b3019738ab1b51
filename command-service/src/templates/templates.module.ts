import { Module } from '@nestjs/common';
import { TemplatesHttp } from './templates.http';
import { TemplatesService } from './templates.service';

// The template gallery (issue 14): applying a template creates a project in the team. The
// active-project slot port (ACTIVE_PROJECT_SLOTS) comes from the global TeamsModule.
@Module({ controllers: [TemplatesHttp], providers: [TemplatesService] })
export class TemplatesModule {}
