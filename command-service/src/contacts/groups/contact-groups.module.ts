import { Module } from '@nestjs/common';
import { ContactGroupsHttp } from './contact-groups.http';
import { ContactGroupsService } from './contact-groups.service';

@Module({ controllers: [ContactGroupsHttp], providers: [ContactGroupsService] })
export class ContactGroupsModule {}
