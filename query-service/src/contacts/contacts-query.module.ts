import { Module } from '@nestjs/common';
import { ExportContactsHttp } from './export/export-contacts.http';
import { GetContactHttp } from './get-contact/get-contact.http';
import { ListContactsHttp } from './list-contacts/list-contacts.http';

@Module({ controllers: [ExportContactsHttp, ListContactsHttp, GetContactHttp] })
export class ContactsQueryModule {}
