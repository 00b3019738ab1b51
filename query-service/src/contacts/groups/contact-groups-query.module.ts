import { Module } from '@nestjs/common';
import { ContactGroupsHttp } from './contact-groups.http';

@Module({ controllers: [ContactGroupsHttp] })
export class ContactGroupsQueryModule {}
