import { Module } from '@nestjs/common';
import { ExportContactsHttp } from './export/export-contacts.http';
import { GetContactHttp } from './get-contact/get-contact.http';
import { ListContactsHttp } from './list-contacts/list-contacts.http';
import { ListMergeSuggestionsHttp } from './merge/list-merge-suggestions.http';

@Module({ controllers: [ExportContactsHttp, ListMergeSuggestionsHttp, ListContactsHttp, GetContactHttp] })
export class ContactsQueryModule {}
