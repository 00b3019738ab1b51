import { Module } from '@nestjs/common';
import { ContactImportHttp } from './contact-import.http';
import { ContactImportJobs } from './contact-import.jobs';
import { ContactImportService } from './contact-import.service';

@Module({ controllers: [ContactImportHttp], providers: [ContactImportService, ContactImportJobs] })
export class ContactImportModule {}
