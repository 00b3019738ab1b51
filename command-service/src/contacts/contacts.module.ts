import { Module } from '@nestjs/common';
import { ContactsHttp } from './contacts.http';
import { ContactsService } from './contacts.service';

@Module({ controllers: [ContactsHttp], providers: [ContactsService] })
export class ContactsModule {}
