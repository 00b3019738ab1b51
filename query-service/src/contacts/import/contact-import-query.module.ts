import { Module } from '@nestjs/common';
import { ContactImportQueryHttp } from './contact-import.http';

@Module({ controllers: [ContactImportQueryHttp] })
export class ContactImportQueryModule {}
