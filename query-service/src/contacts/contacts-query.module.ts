import { Module } from '@nestjs/common';
import { GetContactHttp } from './get-contact/get-contact.http';
import { ListContactsHttp } from './list-contacts/list-contacts.http';

@Module({ controllers: [ListContactsHttp, GetContactHttp] })
export class ContactsQueryModule {}
