import { Module } from '@nestjs/common';
import { ContactExportHttp } from './contact-export.http';
import { ContactExportService } from './contact-export.service';

@Module({ controllers: [ContactExportHttp], providers: [ContactExportService] })
export class ContactExportModule {}
